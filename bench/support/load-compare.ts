import http from 'node:http';
import { round } from './measure.js';

export interface LoadSample {
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

/**
 * `connections` clients, each sending the next request as soon as its answer is read, for
 * `ms`; every answer must be 200. Returns the request times and how many requests finished.
 */
async function burst(url: string, headers: Record<string, string>, connections: number, ms: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  const end = performance.now() + ms;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - t0);
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { times, seconds };
}

function summary(times: number[], seconds: number): LoadSample {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds),
    p50_ms: round(pct(0.5)),
    p99_ms: round(pct(0.99)),
  };
}

/**
 * Both sides under the same concurrent load, in interleaved rounds (A B, then B A, …) so that
 * the machine's background noise lands on both alike; the first round of each side is a warm-up
 * and thrown away. Figures are over all measured rounds together.
 */
export async function compareUnderLoad(
  sides: Record<'engine' | 'floor', { url: string; headers?: Record<string, string> }>,
  opts: { connections: number; rounds: number; roundMs: number },
): Promise<Record<'engine' | 'floor', LoadSample>> {
  const keys = ['engine', 'floor'] as const;
  const acc = { engine: { times: [] as number[], seconds: 0 }, floor: { times: [] as number[], seconds: 0 } };
  for (let r = 0; r <= opts.rounds; r++) {
    for (const key of r % 2 === 0 ? keys : [...keys].reverse()) {
      const { times, seconds } = await burst(
        sides[key].url,
        sides[key].headers ?? {},
        opts.connections,
        opts.roundMs,
      );
      if (r === 0) continue; // warm-up
      acc[key].times.push(...times);
      acc[key].seconds += seconds;
    }
  }
  return {
    engine: summary(acc.engine.times, acc.engine.seconds),
    floor: summary(acc.floor.times, acc.floor.seconds),
  };
}
