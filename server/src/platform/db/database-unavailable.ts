/**
 * Errors that say "PostgreSQL cannot be reached right now", not "this request is wrong": the
 * server is restarting or down, a connection was cut, or the pool waited in vain for a free
 * connection. The error middleware answers them 503 with Retry-After; the request may be sent
 * again once the database is back, which the pool notices by itself (a new connection per
 * acquire, dead ones are evicted).
 */

/** SQLSTATE class 08 (connection exception) and the shutdown / overload states of class 57 and 53. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of the connection to PostgreSQL (node:net). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a connection that ended under a query, or a client that is no longer
 * usable, with plain Errors and no code: their messages are all there is. knex puts the query in
 * front (`select … - Connection terminated unexpectedly`, `ROLLBACK - select … - …`).
 */
const LOST_CONNECTION =
  /(?:^| - )(?:Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Connection closed)/;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 2) return false;
  const e = err as ErrorLike;
  // knex could not get a pooled connection within acquireConnectionTimeout.
  if (e.name === 'KnexTimeoutError') return true;
  if (
    typeof e.code === 'string' &&
    (e.code.startsWith('08') || UNAVAILABLE_STATES.has(e.code) || NETWORK_CODES.has(e.code))
  )
    return true;
  if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  // A host name with several addresses fails with one error per address (AggregateError).
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
