import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import { pendingMigrations } from '../db/database.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError, errors } from '../http/app-error.js';
import { createMetrics, type Metrics } from '../metrics/metrics.js';
import { jobCounts, outboxLag } from '../metrics/metrics.repository.js';

export interface OperationsDeps {
  knex: Knex;
  service: 'api' | 'uploader';
  /** Bearer token of GET /metrics on the public port; unset: /metrics is not served there (404). */
  metricsToken?: string;
  /** Open socket.io connections of this process (the API's real time). */
  sockets?: () => number;
  /** How long /readyz waits for the database before it answers 503. */
  readyTimeoutMs?: number;
}

export type Readiness =
  | { ready: true }
  | { ready: false; reason: 'database_unavailable' | 'migrations_pending'; pending?: string[] };

/**
 * What operators and their tools ask a process (docs/operations.md, "Health and metrics"):
 * - `GET /healthz`: the process is alive and answers (no database call): 200;
 * - `GET /readyz`: the database answers and every migration of this build is applied: 200, else
 *   503 with the reason;
 * - `GET /metrics`: Prometheus text, only with `Authorization: Bearer $METRICS_TOKEN` (or on the
 *   private METRICS_PORT, serveMetrics below); nginx does not pass it on.
 */
export function createOperations(deps: OperationsDeps) {
  const { knex } = deps;
  const metrics = createMetrics(deps.service);
  registerGauges(metrics, deps);
  const readyTimeoutMs = deps.readyTimeoutMs ?? 3000;

  async function readiness(): Promise<Readiness> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), readyTimeoutMs)),
    );
    try {
      const pending = await Promise.race([pendingMigrations(knex), timeout]);
      if (pending === 'timeout') return { ready: false, reason: 'database_unavailable' };
      return pending.length ? { ready: false, reason: 'migrations_pending', pending } : { ready: true };
    } catch (err) {
      if (isDatabaseUnavailable(err)) return { ready: false, reason: 'database_unavailable' };
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  const observe = metrics.observeRequests();
  const endpoints = async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') {
      ctx.state.routePattern = '/healthz';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      ctx.state.routePattern = '/readyz';
      ctx.set('Cache-Control', 'no-store');
      const r = await readiness();
      ctx.status = r.ready ? 200 : 503;
      ctx.body = r.ready
        ? { status: 'ready' }
        : { status: 'unavailable', reason: r.reason, ...(r.pending ? { pending: r.pending } : {}) };
      return;
    }
    if (ctx.path === '/metrics') {
      ctx.state.routePattern = '/metrics';
      if (!deps.metricsToken) throw new AppError(404, 'not_found', 'errors.route_not_found');
      if (!bearerMatches(ctx.get('authorization'), deps.metricsToken)) throw errors.unauthenticated();
      ctx.set('Cache-Control', 'no-store');
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.registry.metrics();
      return;
    }
    return next();
  };
  return {
    metrics,
    readiness,
    /** Times every request: mounted before the error handler, so it sees the status an error gets. */
    observe,
    /** /healthz, /readyz, /metrics: after the error handler (their refusals are its envelopes). */
    endpoints,
  };
}

function bearerMatches(header: string, token: string): boolean {
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function registerGauges(metrics: Metrics, deps: OperationsDeps) {
  const { knex } = deps;
  const pool = () =>
    (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  metrics.gauge(
    'db_pool_connections',
    'Database connections of this process, in use or idle',
    ['state'],
    () => {
      const p = pool();
      return p
        ? [
            [{ state: 'in_use' }, p.numUsed()],
            [{ state: 'idle' }, p.numFree()],
          ]
        : [];
    },
  );
  metrics.gauge('db_pool_waiting', 'Requests waiting for a database connection', [], () => [
    [{}, pool()?.numPendingAcquires() ?? 0],
  ]);
  if (deps.sockets) {
    const sockets = deps.sockets;
    metrics.gauge('realtime_open_sockets', 'Open socket.io connections of this process', [], () => [
      [{}, sockets()],
    ]);
  }
  if (deps.service !== 'api') return;
  // Shared by every process (one database): the same figure on each, any one may be scraped.
  metrics.gauge(
    'job_queue_jobs',
    'Jobs per queue and state (created and retry wait; failed are not yet archived)',
    ['queue', 'state'],
    async () => (await jobCounts(knex)).map((r) => [{ queue: r.queue, state: r.state }, r.count]),
  );
  metrics.gauge(
    'bot_outbox_pending',
    'Bot messages waiting to be sent, per messenger',
    ['messenger'],
    async () => (await outboxLag(knex)).map((r) => [{ messenger: r.messenger }, r.pending]),
  );
  metrics.gauge(
    'bot_outbox_lag_seconds',
    'How long the oldest due bot message has waited, per messenger',
    ['messenger'],
    async () => (await outboxLag(knex)).map((r) => [{ messenger: r.messenger }, r.lagSeconds]),
  );
}

/** GET /metrics without a token on a port of its own (METRICS_PORT), for a scraper on a private network. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
