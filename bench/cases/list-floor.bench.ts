import assert from 'node:assert/strict';
import { signIn, startBenchServer } from '../support/bench-env.js';
import { HAND_PAGES, startHandPagesServer } from '../support/hand-pages.js';
import { compareUnderLoad } from '../support/load-compare.js';
import { round } from '../support/measure.js';
import type { LargeBenchContext } from '../run.js';

/**
 * Issue 20: the admin list pages against their floor, one hand-written SQL statement building
 * the same JSON (bench/support/hand-pages.ts) served by bare node:http + pg. Signed in as
 * Administrator; 10 connections; interleaved rounds after a warm-up round.
 *
 *   BENCH_NO_LISTEN=1 (the server without its LISTEN connection and socket.io),
 *   BENCH_FLOOR_ROUND_MS (default 3000), BENCH_FLOOR_ROUNDS (default 4), BENCH_FLOOR_PAGES=studies,users
 */
export async function listFloorBench(ctx: LargeBenchContext) {
  const roundMs = Number(process.env.BENCH_FLOOR_ROUND_MS ?? 3000);
  const rounds = Number(process.env.BENCH_FLOOR_ROUNDS ?? 4);
  const only = process.env.BENCH_FLOOR_PAGES?.split(',');
  // As in production: the server LISTENs (socket.io and its session checks; BENCH_NO_LISTEN=1: not).
  const app = await startBenchServer(ctx.knex, process.env.BENCH_NO_LISTEN === '1' ? undefined : ctx.dbUrl);
  const hand = await startHandPagesServer(ctx.dbUrl);
  try {
    const headers = {
      Cookie: await signIn(app.url, 'admin@example.com'),
      'X-Requested-With': 'XMLHttpRequest',
    };
    const pages = [];
    for (const page of HAND_PAGES.filter((p) => !only || only.includes(p.name))) {
      const engineUrl = app.url + page.path;
      let engineBody: unknown = await answer(engineUrl, headers); // a warm session, as under load
      const statements = await app.statements(async () => (engineBody = await answer(engineUrl, headers)));
      const floorBody = await answer(hand.url(page.name), {});
      // Loudly: a floor that answers something else measures nothing.
      assert.deepStrictEqual(
        floorBody,
        engineBody,
        `${page.name}: the hand-written statement and the engine answer different JSON`,
      );
      const load = await compareUnderLoad(
        { engine: { url: engineUrl, headers }, floor: { url: hand.url(page.name) } },
        { connections: 10, rounds, roundMs },
      );
      pages.push({
        page: page.name,
        request: page.path,
        response_bytes: JSON.stringify(engineBody).length,
        engine: { ...load.engine, statements_per_request: statements.length },
        floor: { ...load.floor, statements_per_request: 1 },
        ratio_rps: round(load.engine.rps / load.floor.rps),
        target_ratio: 0.85,
        pass: load.engine.rps >= 0.85 * load.floor.rps,
      });
    }
    return {
      name: 'list_floor',
      description:
        'admin list pages (Administrator, 100 rows, total) vs ONE hand-written SQL statement building the same JSON, served by bare node:http + pg; 10 connections, interleaved rounds, warm-up discarded',
      connections: 10,
      rounds,
      round_ms: roundMs,
      pages,
    };
  } finally {
    await hand.close();
    await app.close();
  }
}

async function answer(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
