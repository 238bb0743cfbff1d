import { describe, expect, it } from 'vitest';
import { ApiError, isWriteQueued } from '@school/shared/api';
import { guardOfflineWrites, OFFLINE_REFUSED } from './write-queue-guard';
import { json, makeQueue, memoryStorage, scriptedClient } from './write-queue.test-kit';

function setup(answer: Parameters<typeof scriptedClient>[0]) {
  const { client, seen } = scriptedClient(answer);
  const queue = makeQueue({ storage: memoryStorage(), client });
  let online = true;
  let queuedCalls = 0;
  const guarded = guardOfflineWrites(client, {
    queue: () => queue,
    isOnline: () => online,
    onQueued: () => (queuedCalls += 1),
    refusal: () => 'Немає зв’язку',
  });
  return { guarded, queue, seen, setOnline: (value: boolean) => (online = value), queued: () => queuedCalls };
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the offline guard of the API client', () => {
  it('sends a lesson write online with an Idempotency-Key and queues nothing', async () => {
    const { guarded, queue, seen } = setup(() => json(201, { data: { id: 1 } }));
    await guarded.post('/api/study_messages', { study_id: 5, content: 'hi' });
    expect(seen[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queue.list()).toEqual([]);
  });

  it('queues a lesson write that got no answer, under the key its first try carried', async () => {
    const { guarded, queue, seen, queued } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await reasonOf(guarded.post('/api/study_messages', { study_id: 5, content: 'hi' }));
    expect(isWriteQueued(error)).toBe(true);
    const [write] = await queue.list();
    expect(write.id).toBe(seen[0].headers.get('Idempotency-Key'));
    expect(write).toMatchObject({ kind: 'message', studyId: 5, state: 'pending' });
    expect(queued()).toBe(1);
  });

  it('does not queue a refusal (4xx): the screen shows it', async () => {
    const { guarded, queue } = setup(() => json(422, { message: 'x', errors: { content: ['Too long'] } }));
    const error = await reasonOf(guarded.post('/api/study_messages', { study_id: 5, content: 'hi' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(await queue.list()).toEqual([]);
  });

  it('offline: queues lesson writes without trying, refuses every other write, lets reads through', async () => {
    const { guarded, queue, seen, setOnline } = setup(() => json(200, { data: [] }));
    setOnline(false);
    const comment = new URLSearchParams({ _method: 'patch', comment: 'offline words' });
    expect(
      isWriteQueued(
        await reasonOf(guarded.post('/api/studies/5', comment, { headers: { 'If-Match': '"v1"' } })),
      ),
    ).toBe(true);
    const refused = await reasonOf(guarded.post('/api/payments', { amount: 100 }));
    expect(refused).toMatchObject({ status: 0, code: OFFLINE_REFUSED, message: 'Немає зв’язку' });
    const transfer = await reasonOf(guarded.post('/api/studies/5/transfer', { start: '2026-12-01T10:00' }));
    expect(transfer).toMatchObject({ code: OFFLINE_REFUSED });
    expect(seen).toEqual([]);
    await guarded.get('/api/studies');
    expect(seen).toHaveLength(1);
    expect((await queue.list()).map((w) => [w.kind, w.baseVersion])).toEqual([['studyUpdate', '"v1"']]);
  });

  it('sends a base version only from the queue: online saves stay last-write-wins', async () => {
    const { guarded, queue, seen, setOnline } = setup(() => json(200, {}));
    const form = () => new URLSearchParams({ _method: 'patch', comment: 'x' });
    await guarded.post('/api/studies/5', form(), { baseVersion: '2026-11-28T14:00:00.000Z' });
    expect(seen[0].headers.get('If-Match')).toBeNull();
    setOnline(false);
    await reasonOf(guarded.post('/api/studies/5', form(), { baseVersion: '2026-11-28T14:00:00.000Z' }));
    setOnline(true);
    await queue.flush();
    expect(seen[1].headers.get('If-Match')).toBe('"2026-11-28T14:00:00.000Z"');
  });

  it('online again with writes waiting: a new lesson write queues behind them, never overtakes', async () => {
    const { guarded, queue, seen, setOnline } = setup(() => json(200, {}));
    setOnline(false);
    await reasonOf(
      guarded.post('/api/studies/5', new URLSearchParams({ _method: 'patch', comment: 'first' })),
    );
    setOnline(true);
    const error = await reasonOf(
      guarded.post('/api/studies/5', new URLSearchParams({ _method: 'patch', comment: 'second' })),
    );
    expect(isWriteQueued(error)).toBe(true);
    expect(seen).toEqual([]);
    await queue.flush();
    expect(seen.map((r) => String(r.body))).toEqual([
      '_method=patch&comment=first',
      '_method=patch&comment=second',
    ]);
  });
});
