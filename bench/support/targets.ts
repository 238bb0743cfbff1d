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

/** Statements under this p50 (ms) are judged on the time the endpoint adds, not on a ratio. */
export const SUB_MS = 1;

/**
 * An endpoint against its SQL statement run directly with pg. Every signed-in request pays the
 * same fixed cost before its statement (HTTP, the session and user look-ups, abilities):
 * `floorMs`, the p50 of GET /api/user measured alongside. What the endpoint adds to that is its
 * query's cost through the server (knex, the answer's JSON), and that is held to `limit` times
 * the statement: (endpoint - floor) / statement. A statement under SUB_MS is a round trip or two,
 * where the ratio measures driver noise; there the endpoint may add up to SUB_MS. The plain
 * endpoint / statement ratio is written alongside.
 */
export function ratioWithin(
  target: string,
  endpointMs: number,
  statementMs: number,
  limit: number,
  floorMs: number,
): TargetResult & { raw_ratio: number; added_ms: number } {
  const statement = Math.max(statementMs, 0.001);
  const added = endpointMs - floorMs;
  const net = round(Math.max(0, added) / statement);
  const small = statementMs < SUB_MS && added <= SUB_MS;
  return {
    target,
    limit,
    measured: net,
    unit: 'x',
    pass: net <= limit || small,
    raw_ratio: round(endpointMs / statement),
    added_ms: round(added),
    ...(net > limit && small
      ? { note: `statement under ${SUB_MS} ms: the endpoint adds ${round(added)} ms to a signed-in request` }
      : {}),
  };
}

export function allPass(targets: readonly TargetResult[]): boolean {
  return targets.every((t) => t.pass);
}
