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
 * The endpoint's p50 over the p50 of its SQL statement run directly. A request also pays what
 * any signed-in request costs (HTTP, the session and user look-ups, abilities): `floorMs`, the
 * p50 of GET /api/user measured alongside. For a statement shorter than that floor the plain
 * ratio measures the floor, not the query, so there the target is met when what the endpoint
 * adds to the floor is within `limit` times the statement. Both ratios are written.
 */
export function ratioWithin(
  target: string,
  endpointMs: number,
  statementMs: number,
  limit: number,
  floorMs: number,
): TargetResult & { net_ratio: number } {
  const statement = Math.max(statementMs, 0.001);
  const ratio = round(endpointMs / statement);
  const net = round(Math.max(0, endpointMs - floorMs) / statement);
  const result = { target, limit, measured: ratio, unit: 'x' as const, net_ratio: net };
  if (ratio <= limit) return { ...result, pass: true };
  if (statementMs >= floorMs) return { ...result, pass: false };
  return {
    ...result,
    pass: net <= limit,
    note: `statement (${round(statementMs)} ms) is shorter than a signed-in request (${round(floorMs)} ms): judged on (endpoint - request) / statement`,
  };
}

export function allPass(targets: readonly TargetResult[]): boolean {
  return targets.every((t) => t.pass);
}
