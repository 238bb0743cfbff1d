import type { Context, Next } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routePatternOf } from '../http/route-pattern.js';

declare module 'koa' {
  interface DefaultState {
    /** Decoded bytes of the files a request's multipart body delivered to disk (upload metrics). */
    receivedFileBytes?: number;
  }
}

/**
 * The metrics of one process (the API or the upload service), in a registry of its own: several
 * apps in one test process must not share prom-client's global one. Labels are bounded: a route
 * is its pattern (`/api/studies/:id`), never the path a client sent.
 */
export interface Metrics {
  registry: Registry;
  /** Koa middleware: one observation per request, by method, route pattern and status. */
  observeRequests(): (ctx: Context, next: Next) => Promise<void>;
  /** A gauge read when scraped (pool, sockets, queues); `read` may query; a failure skips it. */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    read: () => Promise<Array<[Record<string, string>, number]>> | Array<[Record<string, string>, number]>,
  ): void;
}

const GAUGE_QUERY_MS = 2000;

export function createMetrics(service: 'api' | 'uploader'): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'upload_received_bytes_total',
    help: 'Bytes of uploaded files received to disk (recordings, homework, documents)',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  return {
    registry,
    observeRequests() {
      return async (ctx, next) => {
        const started = process.hrtime.bigint();
        try {
          await next();
        } finally {
          // The status an error will be answered with is set by the error handler, inside this one.
          const route = routePatternOf(ctx);
          duration.observe(
            { method: ctx.method, route, status: String(ctx.status) },
            Number(process.hrtime.bigint() - started) / 1e9,
          );
          if (ctx.state.receivedFileBytes) uploadBytes.inc({ route }, ctx.state.receivedFileBytes);
        }
      };
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          // A scrape while the database is down or its pool is full still answers, at once, with
          // what the process knows: a figure that needs a query and has none within 2 s is left out.
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<null>(
            (resolve) => (timer = setTimeout(() => resolve(null), GAUGE_QUERY_MS)),
          );
          try {
            const reading = Promise.resolve().then(read);
            // Past the 2 s its failure has no one waiting for it: not an unhandled rejection.
            reading.catch(() => undefined);
            const values = await Promise.race([reading, late]);
            for (const [labels, value] of values ?? []) this.set(labels, value);
          } catch {
            // As above: left out.
          } finally {
            clearTimeout(timer);
          }
        },
      });
    },
  };
}
