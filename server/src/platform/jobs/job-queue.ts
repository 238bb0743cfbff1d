/**
 * Background jobs behind one small interface. Production uses PostgreSQL (pg-boss, see
 * docs/architecture-decisions.md); unit tests use the inline driver. Handlers must be safe to run
 * again after a crash (a job that was running when the process died is retried), while a job that
 * succeeded is never run a second time.
 */

/** A job's name tied to its payload type, so enqueue and handler agree at compile time. */
export interface JobDefinition<P extends object> {
  readonly name: string;
  /** Type carrier only; never set. */
  readonly payloadType?: P;
}

// pg-boss turns queue names into table partitions: keep them short and plain.
const JOB_NAME = /^[a-z][a-z0-9_-]{0,49}$/;

export function defineJob<P extends object>(name: string): JobDefinition<P> {
  if (!JOB_NAME.test(name))
    throw new Error(`Invalid job name "${name}": use a-z, 0-9, _ and -, at most 50 characters`);
  return { name };
}

export interface RetryPolicy {
  /** Retries after the first attempt (0 = run once). */
  retryLimit?: number;
  /** Seconds before a retry; with backoff, the first retry waits 1-2x this, each next one twice as long. */
  retryDelaySeconds?: number;
  backoff?: boolean;
}

export interface RegisterOptions extends RetryPolicy {
  /** Jobs of this name run at the same time in this process. */
  concurrency?: number;
  /** A running job not finished after this long counts as failed and is retried. */
  expireInSeconds?: number;
}

export interface EnqueueOptions extends RetryPolicy {
  /** Not before this moment. */
  runAt?: Date;
  /**
   * A second enqueue with the same name and key is dropped (enqueue returns null) while the first
   * job is kept: waiting, running, retrying, and for the retention after it ends (pg-boss: 12 hours
   * in the queue, then 7 days in its archive).
   */
  idempotencyKey?: string;
}

export interface ScheduleOptions {
  /** IANA time zone the cron expression is read in. */
  tz?: string;
}

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first run, 1 on the first retry, ... */
  attempt: number;
}

export type JobHandler<P extends object> = (payload: P, job: JobContext) => Promise<void>;

export interface JobQueue {
  /** Before start(): every job this process enqueues or works on is registered. */
  register<P extends object>(job: JobDefinition<P>, handler: JobHandler<P>, opts?: RegisterOptions): void;
  /** The job's id, or null when the idempotency key already has a job. */
  enqueue<P extends object>(job: JobDefinition<P>, payload: P, opts?: EnqueueOptions): Promise<string | null>;
  /**
   * Before start(): one cron schedule per job (5 fields, minute precision). Across all processes
   * sharing the database, one job is enqueued per matching minute. A registered job without a
   * schedule has any schedule stored by an earlier version removed at start().
   */
  schedule<P extends object>(job: JobDefinition<P>, cron: string, payload: P, opts?: ScheduleOptions): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones (up to the driver's grace period). */
  stop(): Promise<void>;
}

export class UnknownJobError extends Error {
  constructor(readonly jobName: string) {
    super(`Job "${jobName}" is not registered`);
    this.name = 'UnknownJobError';
  }
}
