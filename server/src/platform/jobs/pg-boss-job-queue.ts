import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { createPgPool } from '../db/pg-client.js';
import type { Logger } from '../logging/logger.js';
import {
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type RegisterOptions,
  type ScheduleOptions,
} from './job-queue.js';

export interface PgJobQueueDeps {
  databaseUrl: string;
  logger: Logger;
  /** PostgreSQL schema of the queue's tables (created and migrated at start). */
  schema?: string;
  /** Connections of the queue's own pool. */
  poolMax?: number;
  /** How often an idle worker looks for due jobs (pg-boss allows >= 0.5 s). */
  pollIntervalSeconds?: number;
  /** How often cron schedules are evaluated. */
  cronCheckSeconds?: number;
  /** How long stop() waits for running jobs; those still running are failed (and retried later). */
  stopTimeoutMs?: number;
}

interface Registration {
  handler: JobHandler<any>;
  opts: RegisterOptions;
}

/** A pg-boss queue in the application's own database. */
export function createJobQueue(deps: PgJobQueueDeps): JobQueue {
  const log = deps.logger.child({ component: 'jobs' });
  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, { cron: string; payload: object; tz: string }>();
  const pollSeconds = deps.pollIntervalSeconds ?? 2;
  const schema = deps.schema ?? 'pgboss';
  let state: 'new' | 'started' | 'stopped' = 'new';
  // The queue's connections, opened here so that a connection lost while idle is a warning, not
  // an uncaught 'error' event.
  const pool = createPgPool(
    { connectionString: deps.databaseUrl, max: deps.poolMax ?? 4, application_name: 'school-jobs' },
    (err) => log.warn({ err: String(err) }, 'job queue: idle connection lost'),
  );
  const boss = new PgBoss({
    db: settlingDb(pool, schema, log, () => state === 'stopped'),
    schema,
    cronMonitorIntervalSeconds: deps.cronCheckSeconds ?? 30,
    // The cron hand-off queue is polled on its own; pg-boss allows 1-45 s.
    cronWorkerIntervalSeconds: Math.max(1, Math.min(pollSeconds, 5)),
  });
  // An EventEmitter without an 'error' listener would crash the process on a lost connection.
  // The database out of reach is a warning: the workers poll again and resume once it is back.
  boss.on('error', (err) =>
    isDatabaseUnavailable(err)
      ? log.warn({ err: String(err) }, 'job queue: database unavailable')
      : log.error({ err }, 'job queue error'),
  );

  function registered(name: string) {
    const r = registrations.get(name);
    if (!r) throw new UnknownJobError(name);
    return r;
  }

  function assertNotStarted(what: string) {
    if (state !== 'new') throw new Error(`${what} must happen before start()`);
  }

  return {
    register(job, handler, opts = {}) {
      assertNotStarted('register');
      if (registrations.has(job.name)) throw new Error(`Job "${job.name}" is registered twice`);
      registrations.set(job.name, { handler: handler as JobHandler<any>, opts });
    },

    schedule(job, cron, payload, opts: ScheduleOptions = {}) {
      assertNotStarted('schedule');
      registered(job.name);
      schedules.set(job.name, { cron, payload, tz: opts.tz ?? 'UTC' });
    },

    async enqueue(job, payload, opts: EnqueueOptions = {}) {
      if (state !== 'started') throw new Error('enqueue needs a started queue');
      registered(job.name);
      // The key becomes the job's primary key: the database refuses a duplicate of a waiting,
      // running or recently finished job with no race; the archive keeps older ones for days.
      const keyId = opts.idempotencyKey === undefined ? undefined : keyToUuid(job.name, opts.idempotencyKey);
      if (keyId && (await boss.getJobById(job.name, keyId, { includeArchive: true }))) return null;
      const id = await boss.send(job.name, payload, {
        id: keyId,
        startAfter: opts.runAt,
        ...retryOptions(opts),
      });
      if (id === null && opts.idempotencyKey !== undefined) return null;
      if (id === null) throw new Error(`Job "${job.name}" was not enqueued`);
      return id;
    },

    async start() {
      if (state !== 'new') throw new Error('A job queue starts once');
      state = 'started';
      await boss.start();
      for (const [name, { opts }] of registrations) {
        const policy = {
          ...retryOptions(opts),
          ...(opts.expireInSeconds === undefined ? {} : { expireInSeconds: opts.expireInSeconds }),
        };
        // Queues persist: create once, then keep their policy in step with the code. Processes
        // starting together may deadlock creating the queues' partitions: the loser tries again.
        await retryOnDeadlock(async () => {
          if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...policy });
          else await boss.createQueue(name, { name, policy: 'standard', ...policy });
        });
      }
      await syncSchedules();
      for (const [name, r] of registrations) {
        for (let i = 0; i < Math.max(1, r.opts.concurrency ?? 1); i++) {
          const worker: { id?: string } = {};
          worker.id = await boss.work(
            name,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: pollSeconds },
            async ([job]) => {
              try {
                await r.handler(job.data, { id: job.id, name, attempt: job.retryCount });
              } catch (err) {
                log.warn({ err, job: name, id: job.id, attempt: job.retryCount }, 'job failed');
                throw err;
              } finally {
                // pg-boss waits a polling interval after every fetch, even one that found a job:
                // one job per worker per interval (1 message/s for the bots). A worker that found
                // work looks again at once; only an empty fetch waits the interval.
                if (worker.id) boss.notifyWorker(worker.id);
              }
            },
          );
        }
      }
      log.info({ jobs: [...registrations.keys()], schedules: [...schedules.keys()] }, 'job queue started');
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopped';
      await boss.stop({ graceful: true, wait: true, timeout: deps.stopTimeoutMs ?? 30_000 });
      await pool.end();
    },
  };

  async function syncSchedules() {
    const stored = new Set((await boss.getSchedules()).map((s) => s.name));
    for (const name of registrations.keys()) {
      const s = schedules.get(name);
      if (s) await boss.schedule(name, s.cron, s.payload, { tz: s.tz });
      else if (stored.has(name)) await boss.unschedule(name);
    }
  }
}

// pg-boss's own text of the two statements that record a finished job (complete, fail).
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss (10.4) records a finished job with `complete()` or `fail()` without awaiting them (its
 * worker's onFetch): when the database is gone at that moment the rejection is unhandled, and
 * Node ends the process. That killed the server at a PostgreSQL restart (issue 36,
 * docs/reliability.md). Those two statements go through here: while the database is out of reach
 * they are tried again until it is back, so the job is recorded once instead of expiring and
 * running a second time; any other failure is logged and swallowed (the job then expires and is
 * retried, which every handler allows). Every other statement fails as it did.
 */
function settlingDb(pool: pg.Pool, schema: string, log: Logger, stopping: () => boolean) {
  const settling = new Set([bossPlans.completeJobs(schema), bossPlans.failJobsById(schema)]);
  const nothingRecorded = { rows: [{ count: '0' }] };
  return {
    async executeSql(text: string, values: unknown[]) {
      if (!settling.has(text)) return pool.query(text, values);
      for (let attempt = 0; ; attempt++) {
        try {
          return await pool.query(text, values);
        } catch (err) {
          const unavailable = isDatabaseUnavailable(err);
          if (!unavailable) {
            log.error({ err }, 'job queue: a finished job could not be recorded');
            return nothingRecorded;
          }
          // Stopping with the database down: the job expires and runs again after the restart.
          if (stopping()) return nothingRecorded;
          if (attempt === 0)
            log.warn({ err: String(err) }, 'job queue: recording a finished job waits for the database');
          await new Promise((r) => setTimeout(r, Math.min(2000, 200 * 2 ** attempt)));
        }
      }
    },
  };
}

async function retryOnDeadlock(work: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 8 || (err as { code?: string }).code !== '40P01') throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

// pg-boss checks options with `in`: a key holding undefined fails its validation.
function retryOptions(p: RegisterOptions | EnqueueOptions) {
  return {
    ...(p.retryLimit === undefined ? {} : { retryLimit: p.retryLimit }),
    ...(p.retryDelaySeconds === undefined ? {} : { retryDelay: p.retryDelaySeconds }),
    ...(p.backoff === undefined ? {} : { retryBackoff: p.backoff }),
  };
}

/** A stable UUID (v5 layout over SHA-1) for one job name and idempotency key. */
export function keyToUuid(name: string, key: string): string {
  const h = createHash('sha1').update(`${name}\u0000${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
