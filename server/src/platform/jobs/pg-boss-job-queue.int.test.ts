import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { createLogger } from '../logging/logger.js';
import { defineJob, UnknownJobError, type JobQueue, type RegisterOptions } from './job-queue.js';
import { createJobQueue } from './pg-boss-job-queue.js';

const logger = createLogger('silent');
const db = useTestDatabase('blank');
const open: JobQueue[] = [];

beforeAll(async () => {
  // Installs the queue's schema once, so the tests below can start their queues side by side.
  const q = queue();
  await q.start();
  await q.stop();
});
afterAll(async () => {
  await Promise.all(open.map((q) => q.stop()));
});

function queue(extra: { stopTimeoutMs?: number } = {}) {
  const q = createJobQueue({
    databaseUrl: db.url,
    logger,
    pollIntervalSeconds: 0.5,
    cronCheckSeconds: 1,
    poolMax: 3,
    ...extra,
  });
  open.push(q);
  return q;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function jobRow(name: string, id: string) {
  const { rows } = await db.knex.raw('SELECT state, retry_count FROM pgboss.job WHERE name = ? AND id = ?', [
    name,
    id,
  ]);
  return rows[0] as { state: string; retry_count: number } | undefined;
}

// Each test has its own job names, so they run at the same time to keep the file fast.
describe.concurrent('PostgreSQL job queue (pg-boss)', () => {
  it('runs a job enqueued before a restart on the next queue over the same database, once', async () => {
    const job = defineJob<{ n: number }>('restart-survivor');
    const runsBefore: number[] = [];
    const first = queue();
    first.register(job, async (p) => void runsBefore.push(p.n));
    await first.start();
    const id = await first.enqueue(job, { n: 7 }, { runAt: new Date(Date.now() + 1500) });
    await first.stop();

    const runsAfter: Array<{ n: number; id: string }> = [];
    const second = queue();
    second.register(job, async (p, ctx) => void runsAfter.push({ n: p.n, id: ctx.id }));
    await second.start();
    await waitFor(() => runsAfter.length > 0, 8000);
    await waitFor(async () => (await jobRow(job.name, id!))?.state === 'completed', 3000);
    await sleep(1200);

    expect(runsBefore).toEqual([]);
    expect(runsAfter).toEqual([{ n: 7, id }]);
  });

  it('runs a job again on the next start when the queue stopped while it was running', async () => {
    const job = defineJob<{ n: number }>('interrupted');
    let release!: () => void;
    const hang = new Promise<void>((r) => (release = r));
    const first = queue({ stopTimeoutMs: 1000 });
    let started = 0;
    first.register(
      job,
      async () => {
        started++;
        await hang;
        throw new Error('interrupted');
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    await first.start();
    const id = await first.enqueue(job, { n: 1 });
    await waitFor(() => started === 1, 5000);
    await first.stop();
    release();

    const done: number[] = [];
    const second = queue();
    second.register(job, async (_p, ctx) => void done.push(ctx.attempt), {
      retryLimit: 2,
      retryDelaySeconds: 0,
    });
    await second.start();
    await waitFor(() => done.length > 0, 8000);
    await waitFor(async () => (await jobRow(job.name, id!))?.state === 'completed', 3000);
    expect(done).toEqual([1]);
  });

  it('retries a failing job with growing delays, then succeeds exactly once', async () => {
    const job = defineJob<{ n: number }>('flaky');
    const attempts: Array<{ attempt: number; at: number }> = [];
    let successes = 0;
    const q = queue();
    const policy: RegisterOptions = { retryLimit: 3, retryDelaySeconds: 1, backoff: true };
    q.register(
      job,
      async (_p, ctx) => {
        attempts.push({ attempt: ctx.attempt, at: Date.now() });
        if (ctx.attempt < 2) throw new Error('not yet');
        successes++;
      },
      policy,
    );
    await q.start();
    const id = await q.enqueue(job, { n: 1 });
    await waitFor(() => successes === 1, 15_000);
    await waitFor(async () => (await jobRow(job.name, id!))?.state === 'completed', 3000);
    await sleep(1500);

    expect(attempts.map((a) => a.attempt)).toEqual([0, 1, 2]);
    expect(successes).toBe(1);
    const firstGap = attempts[1].at - attempts[0].at;
    const secondGap = attempts[2].at - attempts[1].at;
    // Backoff: the first retry waits 1-2 s, the second 2-4 s (a fixed 1 s delay would fail this).
    expect(firstGap).toBeGreaterThanOrEqual(950);
    expect(secondGap).toBeGreaterThanOrEqual(1950);
    expect(await jobRow(job.name, id!)).toEqual({ state: 'completed', retry_count: 2 });
  });

  it('gives up after the retry limit and marks the job failed', async () => {
    const job = defineJob<{ n: number }>('hopeless');
    let calls = 0;
    const q = queue();
    q.register(
      job,
      async () => {
        calls++;
        throw new Error('always');
      },
      { retryLimit: 1, retryDelaySeconds: 0 },
    );
    await q.start();
    const id = await q.enqueue(job, { n: 1 });
    await waitFor(async () => (await jobRow(job.name, id!))?.state === 'failed', 8000);
    await sleep(1200);
    expect(calls).toBe(2);
  });

  it('fires a cron schedule, at most once per minute across two queues', async () => {
    const job = defineJob<{ kind: string }>('every-minute');
    const runs: Array<{ kind: string; minute: number }> = [];
    const a = queue();
    const b = queue();
    for (const q of [a, b]) {
      q.register(job, async (p) => void runs.push({ kind: p.kind, minute: Math.floor(Date.now() / 60_000) }));
      q.schedule(job, '* * * * *', { kind: 'tick' });
    }
    await a.start();
    await b.start();
    await waitFor(() => runs.length > 0, 10_000);
    await sleep(2500);

    expect(runs[0].kind).toBe('tick');
    // A second run is allowed only in a new minute (the test may straddle one).
    expect(new Set(runs.map((r) => r.minute)).size).toBe(runs.length);
  });

  it('drops a duplicate with the same idempotency key, also after the first has run, and under a race', async () => {
    const job = defineJob<{ to: string }>('reminder');
    const sent: string[] = [];
    const q = queue();
    q.register(job, async (p) => void sent.push(p.to));
    await q.start();

    const ids = await Promise.all(
      Array.from({ length: 5 }, () =>
        q.enqueue(job, { to: 'a@example.com' }, { idempotencyKey: 'study-1:reminder' }),
      ),
    );
    expect(ids.filter((i) => i !== null)).toHaveLength(1);
    await waitFor(() => sent.length === 1, 5000);
    expect(await q.enqueue(job, { to: 'a@example.com' }, { idempotencyKey: 'study-1:reminder' })).toBeNull();

    const other = await q.enqueue(job, { to: 'b@example.com' }, { idempotencyKey: 'study-2:reminder' });
    expect(other).not.toBeNull();
    await waitFor(() => sent.length === 2, 5000);
    await sleep(1200);
    expect(sent).toEqual(['a@example.com', 'b@example.com']);
  });

  it('refuses a job that was never registered', async () => {
    const q = queue();
    q.register(defineJob<{ a: number }>('known'), async () => {});
    await q.start();
    await expect(q.enqueue(defineJob<{ a: number }>('unknown'), { a: 1 })).rejects.toBeInstanceOf(
      UnknownJobError,
    );
  });
});
