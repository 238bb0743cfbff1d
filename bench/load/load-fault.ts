import type { DrillCluster, StopMode } from './load-cluster.js';
import type { MixContext, Operation, RequestSample } from './load-mix.js';
import {
  percentiles,
  round,
  runOpen,
  summarisePhase,
  type Percentiles,
  type PhaseResult,
} from './load-runner.js';

/**
 * The mix at a fixed rate while PostgreSQL is stopped and started again under the server. Each
 * answer is judged by when it came: before the stop, while the database was down (from the
 * stop until it accepted connections again), and after.
 */
export interface FaultResult {
  stop_mode: StopMode;
  down_at_s: number;
  down_for_ms: number;
  before: PhaseResult;
  while_down: {
    answers: number;
    /** 503 `service_unavailable` in the error envelope: the clean refusal. */
    clean_503: number;
    /** Answers that succeeded anyway (in flight before the stop, or nothing to read). */
    ok: number;
    /** Anything else: another status, a reset, a timeout. */
    unclean: number;
    unclean_kinds: Record<string, number>;
    latency: Percentiles;
  };
  after: PhaseResult & {
    /** From PostgreSQL accepting connections to the first request answered 2xx. */
    first_ok_after_ms: number | null;
    /** From PostgreSQL accepting connections to the last failed answer (0: none failed). */
    last_error_after_ms: number;
  };
  shed: number;
  /** The operations sent just before the stop (notify: bot messages whose jobs span the restart). */
  burst: { sent: number; ok: number };
}

const isClean503 = (s: RequestSample) => s.status === 503 && s.code === 'service_unavailable';
const answeredAt = (s: RequestSample) => s.at + s.ms;

export async function runWithRestart(
  base: Omit<MixContext, 'record'>,
  cluster: DrillCluster,
  opts: {
    rate: number;
    seconds: number;
    downAtSeconds: number;
    downSeconds: number;
    mode: StopMode;
    /** Sent and answered just before the stop, so that their jobs are queued or running when it comes. */
    burst?: { operation: Operation; count: number };
    log: (l: string) => void;
  },
): Promise<FaultResult> {
  const burst: RequestSample[] = [];
  let downAt = Number.POSITIVE_INFINITY;
  let upAt = Number.POSITIVE_INFINITY;
  const start = performance.now();
  const fault = (async () => {
    await new Promise((r) => setTimeout(r, opts.downAtSeconds * 1000));
    if (opts.burst) {
      const { operation, count } = opts.burst;
      const ctx: MixContext = { ...base, record: (s) => burst.push(s) };
      await Promise.all(Array.from({ length: count }, () => operation.run(ctx)));
    }
    downAt = performance.now();
    opts.log(`  stopping PostgreSQL (${opts.mode}) at ${round((downAt - start) / 1000)} s`);
    await cluster.stop(opts.mode);
    await new Promise((r) => setTimeout(r, opts.downSeconds * 1000));
    await cluster.start();
    upAt = performance.now();
    opts.log(`  PostgreSQL accepts connections again after ${Math.round(upAt - downAt)} ms`);
  })();
  const run = await runOpen(base, opts.rate, opts.seconds);
  await fault;

  const before = run.samples.filter((s) => answeredAt(s) < downAt);
  const down = run.samples.filter((s) => answeredAt(s) >= downAt && answeredAt(s) < upAt);
  const after = run.samples.filter((s) => answeredAt(s) >= upAt);
  const unclean = down.filter((s) => !s.ok && !isClean503(s));
  const uncleanKinds: Record<string, number> = {};
  for (const s of unclean) {
    const kind = `${s.request} ${s.status} ${s.code ?? ''}`.trim();
    uncleanKinds[kind] = (uncleanKinds[kind] ?? 0) + 1;
  }
  const firstOk = after
    .filter((s) => s.ok && s.status < 300)
    .map(answeredAt)
    .sort((a, b) => a - b)[0];
  const lastError = after
    .filter((s) => !s.ok)
    .map(answeredAt)
    .sort((a, b) => b - a)[0];
  const opsShare = (xs: RequestSample[]) =>
    Math.round((run.operations * xs.length) / Math.max(1, run.samples.length));
  return {
    stop_mode: opts.mode,
    down_at_s: round((downAt - start) / 1000),
    down_for_ms: Math.round(upAt - downAt),
    before: summarisePhase(before, opsShare(before), (downAt - start) / 1000),
    while_down: {
      answers: down.length,
      clean_503: down.filter(isClean503).length,
      ok: down.filter((s) => s.ok).length,
      unclean: unclean.length,
      unclean_kinds: uncleanKinds,
      latency: percentiles(down.map((s) => s.ms)),
    },
    after: {
      ...summarisePhase(after, opsShare(after), Math.max(0.001, (start + run.seconds * 1000 - upAt) / 1000)),
      first_ok_after_ms: firstOk === undefined ? null : Math.round(firstOk - upAt),
      last_error_after_ms: lastError === undefined ? 0 : Math.round(lastError - upAt),
    },
    shed: run.shed,
    burst: { sent: burst.length, ok: burst.filter((s) => s.ok).length },
  };
}
