import { pickOperation, type MixContext, type RequestSample } from './load-mix.js';

/**
 * Two ways to drive the mix. Closed loop: N users, each starting its next operation when the last
 * one ended; the throughput it reaches as N grows is the server's maximum. Open loop: operations
 * start on a fixed timetable whatever the server does (as real users do), so a slow answer does
 * not hold back the next arrivals and the latencies are the ones users would see.
 */

export interface Percentiles {
  count: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
}

export function percentiles(times: readonly number[]): Percentiles {
  if (!times.length) return { count: 0, p50_ms: 0, p90_ms: 0, p99_ms: 0, max_ms: 0 };
  const sorted = [...times].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p of the samples at or below it.
  const at = (p: number) => round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]);
  return {
    count: sorted.length,
    p50_ms: at(0.5),
    p90_ms: at(0.9),
    p99_ms: at(0.99),
    max_ms: round(sorted[sorted.length - 1]),
  };
}

export const round = (x: number) => Math.round(x * 10) / 10;

/** A bug of the drill itself (an answer it did not expect the shape of) counts as an error, not a crash. */
async function runSafely(ctx: MixContext): Promise<void> {
  const op = pickOperation();
  try {
    await op.run(ctx);
  } catch (err) {
    ctx.record({
      op: op.name,
      request: `${op.name} (drill)`,
      at: performance.now(),
      ms: 0,
      status: 0,
      code: `drill_error ${String(err)}`,
      ok: false,
    });
  }
}

export interface PhaseResult {
  seconds: number;
  operations: number;
  requests: number;
  ops_per_s: number;
  requests_per_s: number;
  latency: Percentiles;
  by_request: Record<string, Percentiles & { errors: number }>;
  errors: number;
  /** Error answers by request and status/code, e.g. `PATCH /api/studies/:id 503 service_unavailable`. */
  error_kinds: Record<string, number>;
  /** 409s the operation may meet (a slot another family took a moment earlier). */
  conflicts: number;
}

export function summarisePhase(
  samples: readonly RequestSample[],
  operations: number,
  seconds: number,
): PhaseResult {
  const byRequest = new Map<string, RequestSample[]>();
  for (const s of samples) {
    const list = byRequest.get(s.request) ?? [];
    list.push(s);
    byRequest.set(s.request, list);
  }
  const errorKinds: Record<string, number> = {};
  for (const s of samples) {
    if (s.ok) continue;
    const kind = `${s.request} ${s.status || ''} ${s.code ?? ''}`.replace(/\s+/g, ' ').trim();
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  return {
    seconds: round(seconds),
    operations,
    requests: samples.length,
    ops_per_s: round(operations / seconds),
    requests_per_s: round(samples.length / seconds),
    latency: percentiles(samples.map((s) => s.ms)),
    by_request: Object.fromEntries(
      [...byRequest]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, xs]) => [
          name,
          { ...percentiles(xs.map((s) => s.ms)), errors: xs.filter((s) => !s.ok).length },
        ]),
    ),
    errors: samples.filter((s) => !s.ok).length,
    error_kinds: errorKinds,
    conflicts: samples.filter((s) => s.ok && s.status === 409).length,
  };
}

/** The mix with `users` closed-loop users for `seconds`. */
export async function runClosed(
  base: Omit<MixContext, 'record'>,
  users: number,
  seconds: number,
): Promise<PhaseResult> {
  const samples: RequestSample[] = [];
  const ctx: MixContext = { ...base, record: (s) => samples.push(s) };
  const until = performance.now() + seconds * 1000;
  let operations = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < until) {
        await runSafely(ctx);
        operations++;
      }
    }),
  );
  return summarisePhase(samples, operations, (performance.now() - started) / 1000);
}

export interface RampResult {
  steps: Array<{ users: number } & Pick<PhaseResult, 'ops_per_s' | 'requests_per_s' | 'errors' | 'latency'>>;
  max_ops_per_s: number;
  max_requests_per_s: number;
  at_users: number;
}

/**
 * Doubles the closed-loop users until the throughput stops growing (under 5 % more twice in a
 * row) or `maxUsers`: the best step is the maximum.
 */
export async function findMaximum(
  base: Omit<MixContext, 'record'>,
  opts: { stepSeconds: number; maxUsers: number; log: (l: string) => void },
): Promise<RampResult> {
  const steps: RampResult['steps'] = [];
  let best = { ops: 0, requests: 0, users: 0 };
  let flat = 0;
  for (let users = 1; users <= opts.maxUsers; users *= 2) {
    const r = await runClosed(base, users, opts.stepSeconds);
    steps.push({
      users,
      ops_per_s: r.ops_per_s,
      requests_per_s: r.requests_per_s,
      errors: r.errors,
      latency: r.latency,
    });
    opts.log(
      `  ${users} users: ${r.ops_per_s} ops/s, ${r.requests_per_s} requests/s, p50 ${r.latency.p50_ms} ms, p99 ${r.latency.p99_ms} ms, errors ${r.errors}`,
    );
    if (r.ops_per_s > best.ops * 1.05) {
      flat = 0;
    } else if (++flat >= 2) {
      if (r.ops_per_s > best.ops) best = { ops: r.ops_per_s, requests: r.requests_per_s, users };
      break;
    }
    if (r.ops_per_s > best.ops) best = { ops: r.ops_per_s, requests: r.requests_per_s, users };
  }
  return { steps, max_ops_per_s: best.ops, max_requests_per_s: best.requests, at_users: best.users };
}

export interface OpenLoopRun {
  samples: RequestSample[];
  operations: number;
  /** Arrivals not started because `maxInFlight` operations were still running. */
  shed: number;
  /** How late the timer started operations (event-loop lag of the drill itself). */
  start_lag: Percentiles;
  seconds: number;
}

/**
 * Starts `rate` operations a second, evenly spaced, for `seconds`; `onTick(elapsedMs)` runs on
 * each arrival (the fault drill stops and starts PostgreSQL from it).
 */
export async function runOpen(
  base: Omit<MixContext, 'record'>,
  rate: number,
  seconds: number,
  opts: { maxInFlight?: number; onSample?: (s: RequestSample) => void } = {},
): Promise<OpenLoopRun> {
  const samples: RequestSample[] = [];
  const ctx: MixContext = {
    ...base,
    record: (s) => {
      samples.push(s);
      opts.onSample?.(s);
    },
  };
  const maxInFlight = opts.maxInFlight ?? 1000;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const lags: number[] = [];
  const running = new Set<Promise<void>>();
  let shed = 0;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    lags.push(Math.max(0, performance.now() - due));
    if (running.size >= maxInFlight) {
      shed++;
      continue;
    }
    const p: Promise<void> = runSafely(ctx).finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  return {
    samples,
    operations: total - shed,
    shed,
    start_lag: percentiles(lags),
    seconds: (performance.now() - started) / 1000,
  };
}
