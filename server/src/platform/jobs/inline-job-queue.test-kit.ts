import { randomUUID } from 'node:crypto';
import {
  UnknownJobError,
  type EnqueueOptions,
  type JobDefinition,
  type JobHandler,
  type JobQueue,
  type RegisterOptions,
} from './job-queue.js';

export interface InlineJob {
  id: string;
  name: string;
  payload: object;
  state: 'waiting' | 'completed' | 'failed';
  attempts: number;
  runAt: number;
  lastError?: unknown;
}

/**
 * The same interface in memory, for unit tests: nothing runs until the test calls drain(), on a
 * clock the test moves. Retries follow the same limits and delays as the PostgreSQL driver, minus
 * its random spread (the first backoff retry waits 1.5x the delay, each next one twice as long).
 */
export interface InlineJobQueue extends JobQueue {
  /** Runs every job due now, including retries that fall due, until none is left. */
  drain(): Promise<void>;
  /** Moves the clock forward to each next due job (retries, runAt) and runs all of them. */
  drainAll(): Promise<void>;
  /** Enqueues what a cron schedule would, as if its minute had come. */
  fireSchedule(job: JobDefinition<any>): Promise<string | null>;
  advance(ms: number): void;
  now(): number;
  jobs(name?: string): InlineJob[];
}

const DEFAULT_RETRY_LIMIT = 2;

export function createInlineJobQueue(opts: { startAt?: Date } = {}): InlineJobQueue {
  let clock = (opts.startAt ?? new Date()).getTime();
  const handlers = new Map<string, { handler: JobHandler<any>; opts: RegisterOptions }>();
  const schedules = new Map<string, object>();
  const jobs: InlineJob[] = [];
  const policies = new Map<string, EnqueueOptions>();
  const keys = new Set<string>();

  function registration(name: string) {
    const r = handlers.get(name);
    if (!r) throw new UnknownJobError(name);
    return r;
  }

  async function runOne(job: InlineJob) {
    const { handler, opts: reg } = registration(job.name);
    const policy = { ...reg, ...stripUndefined(policies.get(job.id) ?? {}) };
    try {
      await handler(structuredClone(job.payload), { id: job.id, name: job.name, attempt: job.attempts });
      job.attempts++;
      job.state = 'completed';
    } catch (err) {
      job.lastError = err;
      const retryCount = job.attempts;
      job.attempts++;
      if (retryCount >= (policy.retryLimit ?? DEFAULT_RETRY_LIMIT)) {
        job.state = 'failed';
        return;
      }
      const delay = policy.backoff
        ? Math.max(1, policy.retryDelaySeconds ?? 0) * 2 ** Math.min(16, retryCount + 1) * 0.75
        : (policy.retryDelaySeconds ?? 0);
      job.runAt = clock + delay * 1000;
    }
  }

  async function drain() {
    for (;;) {
      const due = jobs
        .filter((j) => j.state === 'waiting' && j.runAt <= clock)
        .sort((a, b) => a.runAt - b.runAt);
      if (due.length === 0) return;
      for (const j of due) await runOne(j);
    }
  }

  const queue: InlineJobQueue = {
    register(job, handler, o = {}) {
      if (handlers.has(job.name)) throw new Error(`Job "${job.name}" is registered twice`);
      handlers.set(job.name, { handler: handler as JobHandler<any>, opts: o });
    },
    schedule(job, _cron, payload) {
      registration(job.name);
      schedules.set(job.name, payload);
    },
    async enqueue(job, payload, o = {}) {
      registration(job.name);
      if (o.idempotencyKey !== undefined) {
        const k = `${job.name}\u0000${o.idempotencyKey}`;
        if (keys.has(k)) return null;
        keys.add(k);
      }
      // Stored as JSON, like in PostgreSQL: a handler never sees the caller's object.
      const stored = JSON.parse(JSON.stringify(payload)) as object;
      const id = randomUUID();
      jobs.push({
        id,
        name: job.name,
        payload: stored,
        state: 'waiting',
        attempts: 0,
        runAt: o.runAt?.getTime() ?? clock,
      });
      policies.set(id, o);
      return id;
    },
    async start() {},
    async stop() {},
    drain,
    async drainAll() {
      for (;;) {
        await drain();
        const next = jobs.filter((j) => j.state === 'waiting').sort((a, b) => a.runAt - b.runAt)[0];
        if (!next) return;
        clock = Math.max(clock, next.runAt);
      }
    },
    async fireSchedule(job) {
      const payload = schedules.get(job.name);
      if (!payload) throw new Error(`Job "${job.name}" has no schedule`);
      return queue.enqueue(job, payload);
    },
    advance(ms) {
      clock += ms;
    },
    now: () => clock,
    jobs: (name) => jobs.filter((j) => name === undefined || j.name === name).map((j) => ({ ...j })),
  };
  return queue;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
