import { describe, expect, it } from 'vitest';
import { createInlineJobQueue } from './inline-job-queue.test-kit.js';
import { defineJob, UnknownJobError } from './job-queue.js';

const job = defineJob<{ n: number }>('inline-test');

describe('inline job queue (unit tests of code that enqueues)', () => {
  it('runs nothing until drained, then each job once with its own copy of the payload', async () => {
    const q = createInlineJobQueue();
    const seen: number[] = [];
    q.register(job, async (p) => {
      seen.push(p.n);
      p.n = -1;
    });
    const payload = { n: 1 };
    await q.enqueue(job, payload);
    payload.n = 2;
    expect(seen).toEqual([]);
    await q.drain();
    await q.drain();
    expect(seen).toEqual([1]);
    expect(q.jobs(job.name).map((j) => j.state)).toEqual(['completed']);
  });

  it('retries with backoff on the test clock and succeeds exactly once', async () => {
    const q = createInlineJobQueue({ startAt: new Date('2026-01-01T00:00:00Z') });
    const attempts: Array<{ attempt: number; at: number }> = [];
    q.register(
      job,
      async (_p, ctx) => {
        attempts.push({ attempt: ctx.attempt, at: q.now() });
        if (ctx.attempt < 2) throw new Error('not yet');
      },
      { retryLimit: 3, retryDelaySeconds: 10, backoff: true },
    );
    await q.enqueue(job, { n: 1 });
    await q.drain();
    expect(attempts).toHaveLength(1);
    await q.drainAll();
    expect(attempts.map((a) => a.attempt)).toEqual([0, 1, 2]);
    const gaps = [attempts[1].at - attempts[0].at, attempts[2].at - attempts[1].at];
    expect(gaps).toEqual([15_000, 30_000]);
    expect(q.jobs(job.name)[0]).toMatchObject({ state: 'completed', attempts: 3 });
  });

  it('fails a job after its retry limit, waits for runAt, drops idempotent duplicates', async () => {
    const q = createInlineJobQueue();
    let calls = 0;
    q.register(
      job,
      async () => {
        calls++;
        throw new Error('always');
      },
      { retryLimit: 1 },
    );
    await q.enqueue(job, { n: 1 }, { runAt: new Date(q.now() + 60_000), idempotencyKey: 'k' });
    expect(await q.enqueue(job, { n: 2 }, { idempotencyKey: 'k' })).toBeNull();
    await q.drain();
    expect(calls).toBe(0);
    await q.drainAll();
    expect(calls).toBe(2);
    expect(q.jobs().map((j) => j.state)).toEqual(['failed']);
  });

  it("enqueues a schedule's payload when fired, and refuses unregistered jobs", async () => {
    const q = createInlineJobQueue();
    const seen: number[] = [];
    q.register(job, async (p) => void seen.push(p.n));
    q.schedule(job, '0 8 * * *', { n: 8 });
    await q.fireSchedule(job);
    await q.drain();
    expect(seen).toEqual([8]);
    await expect(q.enqueue(defineJob<{ n: number }>('other'), { n: 1 })).rejects.toBeInstanceOf(
      UnknownJobError,
    );
  });
});
