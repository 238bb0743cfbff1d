import { round } from './measure.js';

/** One target of a benchmark, written into its JSON with what was measured and the verdict. */
export interface TargetResult {
  target: string;
  limit: number;
  measured: number;
  unit: 'ms' | 'x';
  pass: boolean;
  note?: string;
}

export function atMostMs(target: string, measured: number, limit: number): TargetResult {
  return { target, limit, measured: round(measured), unit: 'ms', pass: measured <= limit };
}

/**
 * The endpoint's p50 over the p50 of its SQL statement run directly. A request also pays a fixed
 * cost that no statement can shrink (HTTP, JSON, the session and user look-ups every signed-in
 * request makes): for a statement of a fraction of a millisecond the ratio measures that cost,
 * not the query. So the target also holds when the endpoint adds at most `fixedCostMs` to the
 * statement; the ratio is written either way.
 */
export function ratioWithin(
  target: string,
  endpointMs: number,
  statementMs: number,
  limit: number,
  fixedCostMs: number,
): TargetResult {
  const ratio = round(endpointMs / Math.max(statementMs, 0.001));
  const added = endpointMs - statementMs;
  if (ratio <= limit) return { target, limit, measured: ratio, unit: 'x', pass: true };
  const pass = added <= fixedCostMs;
  return {
    target,
    limit,
    measured: ratio,
    unit: 'x',
    pass,
    note: `endpoint adds ${round(added)} ms to the statement (fixed request cost allowed: ${fixedCostMs} ms)`,
  };
}

export function allPass(targets: readonly TargetResult[]): boolean {
  return targets.every((t) => t.pass);
}
