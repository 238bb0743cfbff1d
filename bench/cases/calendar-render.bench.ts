import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtureDir = path.join(here, 'calendar-render');
const outDir = path.resolve(here, '../../.tmp/bench-calendar-render');
const EVENTS = 500;
const RUNS = 15;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const file = path.join(
      dir,
      path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^\/+$/, 'index.html'),
    );
    try {
      const body = await readFile(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      res
        .writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

/**
 * A week view of the shared StudyCalendar (FullCalendar v6 + luxon3, Europe/Kyiv) with 500 studies
 * in headless Chromium: from "data ready" (the API answer in memory) through the mapping to
 * FullCalendar's eventsSet and the next animation frame. Budget: under 200 ms. Each run starts
 * from an empty calendar and draws a new set of 500 (new ids), as picking a user does. The events
 * carry the Ukrainian texts the app shows (markers, names with classes), so the same lines are laid out.
 */
export async function calendarRenderBench() {
  await build({
    root: fixtureDir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    base: './',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
  });
  const server = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`);
    await page.waitForFunction(
      () => (window as unknown as { calendarReady?: boolean }).calendarReady === true,
    );
    const run = (seed: number) =>
      page.evaluate(
        ([n, s]) =>
          (
            window as unknown as {
              renderStudies(
                n: number,
                s: number,
              ): Promise<{ mapMs: number; renderMs: number; totalMs: number; drawn: number }>;
            }
          ).renderStudies(n, s),
        [EVENTS, seed] as const,
      );
    // Warm-up: JIT, fonts, first layout (two rounds: the first empty → full → empty cycle is the costly one).
    await run(0);
    await run(RUNS + 1);
    const results = [];
    for (let i = 1; i <= RUNS; i++) results.push(await run(i));
    const total = results.map((r) => r.totalMs);
    return {
      name: 'calendar_render_week_500',
      description:
        'Week view with 500 studies (staff display, Ukrainian texts) in headless Chromium: mapping + FullCalendar eventsSet + next frame',
      events: EVENTS,
      drawn: results[results.length - 1].drawn,
      runs: RUNS,
      map_ms_p50: round(median(results.map((r) => r.mapMs))),
      render_ms_p50: round(median(results.map((r) => r.renderMs))),
      total_ms_p50: round(median(total)),
      total_ms_max: round(Math.max(...total)),
      budget_ms: 200,
      within_budget: median(total) < 200,
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
