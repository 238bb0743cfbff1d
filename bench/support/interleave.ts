import { round } from './measure.js';

export interface Sample {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
}

/** Percentiles of wall-clock times (ms), nearest-rank on the sorted list. */
export function summarise(times: readonly number[]): Sample {
  if (!times.length) throw new Error('no samples');
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    runs: sorted.length,
    p50_ms: round(pct(0.5)),
    p95_ms: round(pct(0.95)),
    min_ms: round(sorted[0]!),
  };
}

/**
 * The order the sides run in, round by round: forwards, then backwards, so that no side always
 * runs first (a cold cache) or right after the same neighbour (a cache the neighbour warmed).
 */
export function roundOrder<K>(keys: readonly K[], round: number): K[] {
  return round % 2 === 0 ? [...keys] : [...keys].reverse();
}

/**
 * Runs every side once per round, one call at a time, `warmup + runs` rounds; the warm-up rounds
 * are thrown away. All sides share the same minutes of the machine, so background noise lands
 * on each of them alike and their ratio stays meaningful.
 */
export async function interleaved<K extends string>(
  sides: Record<K, () => Promise<unknown>>,
  opts: { warmup: number; runs: number },
): Promise<Record<K, Sample>> {
  const keys = Object.keys(sides) as K[];
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let r = 0; r < opts.warmup + opts.runs; r++) {
    for (const key of roundOrder(keys, r)) {
      const t0 = process.hrtime.bigint();
      await sides[key]();
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r >= opts.warmup) times[key].push(ms);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, summarise(times[k])])) as Record<K, Sample>;
}

/** Enough runs for a stable median in about `budgetMs` per side, within [25, 300]. */
export function runsFor(callMs: number, budgetMs = 6000): number {
  return Math.min(300, Math.max(25, Math.round(budgetMs / Math.max(callMs, 0.1))));
}
