import { describe, expect, it } from 'vitest';
import { ApiError } from '@school/shared/api';
import { memoryLock } from './write-queue';
import { classifySend, isNetworkFailure, queueableWrite, retryDelay } from './write-queue.rules';
import { json, makeQueue, memoryFiles, memoryStorage, scriptedClient } from './write-queue.test-kit';

const comment = (studyId: number, text: string) => ({
  method: 'POST' as const,
  path: `/api/studies/${studyId}`,
  body: new URLSearchParams({ _method: 'patch', comment: text }),
});
const message = (studyId: number, content: string) => ({
  method: 'POST' as const,
  path: '/api/study_messages',
  body: { study_id: studyId, user_id: 7, content },
});

describe('the allowlist of queueable writes', () => {
  it('keeps the lesson writes: comment, miss status, report, chat message, homework files', () => {
    const form = (fields: Record<string, string>) => ({
      type: 'form' as const,
      fields: Object.entries(fields),
    });
    expect(queueableWrite('POST', '/api/studies/5', form({ _method: 'patch', comment: 'x' }))?.kind).toBe(
      'studyUpdate',
    );
    expect(queueableWrite('POST', '/api/studies/5', form({ _method: 'patch', miss_status: '2' }))).toEqual({
      kind: 'studyUpdate',
      studyId: 5,
    });
    const json = (value: Record<string, unknown>) => ({ type: 'json' as const, value });
    expect(
      queueableWrite(
        'POST',
        '/api/study_reports',
        json({ study_id: 5, user_id: 3, subject: 's', content: 'c' }),
      ),
    ).toEqual({ kind: 'report', studyId: 5 });
    expect(queueableWrite('PATCH', '/api/study_reports/9', json({ subject: 's', content: 'c' }))?.kind).toBe(
      'report',
    );
    expect(
      queueableWrite('POST', '/api/study_messages', json({ study_id: 5, user_id: 3, content: 'hi' }))?.kind,
    ).toBe('message');
    const homework = {
      type: 'multipart' as const,
      fields: [
        ['_method', 'patch'],
        ['user_id', '3'],
      ] as [string, string][],
      files: [{ field: 'study_task[]', blobKey: 'k', name: 'a.pdf', type: 'application/pdf', size: 3 }],
    };
    expect(queueableWrite('POST', '/api/studies/5', homework)).toEqual({ kind: 'homework', studyId: 5 });
  });

  it('refuses every other write: admin study edits, money, transfers, deletes, reads', () => {
    const json = (value: Record<string, unknown>) => ({ type: 'json' as const, value });
    expect(queueableWrite('PATCH', '/api/studies/5', json({ comment: 'x', start: '2026-01-01' }))).toBeNull();
    expect(queueableWrite('POST', '/api/payments', json({ amount: 100 }))).toBeNull();
    expect(queueableWrite('POST', '/api/studies/5/transfer', json({ start: 'x' }))).toBeNull();
    expect(queueableWrite('DELETE', '/api/study_messages/3', { type: 'none' })).toBeNull();
    expect(queueableWrite('POST', '/api/studies/5/messages/read', json({ last_message_id: 3 }))).toBeNull();
    expect(queueableWrite('GET', '/api/studies/5', { type: 'none' })).toBeNull();
    expect(queueableWrite('POST', '/api/studies/5', json({ _method: 'delete' }))).toBeNull();
  });
});

describe('classification of an answer', () => {
  it('tells sent, retry, conflict, failed and signed out apart', () => {
    expect(classifySend(null)).toBe('sent');
    expect(classifySend(new ApiError(0, { message: 'Failed to fetch' }))).toBe('retry');
    expect(classifySend(new ApiError(502, { message: 'Bad gateway' }))).toBe('retry');
    expect(classifySend(new ApiError(409, { message: 'x', code: 'idempotency_in_progress' }))).toBe('retry');
    expect(classifySend(new ApiError(409, { message: 'x', code: 'version_conflict' }))).toBe('conflict');
    expect(classifySend(new ApiError(422, { message: 'x', errors: { content: ['short'] } }))).toBe('failed');
    expect(classifySend(new ApiError(403, { message: 'x' }))).toBe('failed');
    expect(classifySend(new ApiError(401, { message: 'Unauthenticated.' }))).toBe('signedOut');
  });

  it('counts no answer and a proxy that cannot reach the server as a network failure, never a 4xx', () => {
    expect([0, 502, 503, 504].map((s) => isNetworkFailure(new ApiError(s, { message: 'x' })))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([400, 409, 422, 500].map((s) => isNetworkFailure(new ApiError(s, { message: 'x' })))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('backs off 1 s, 2 s, 4 s… up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});

describe('the write queue', () => {
  it('sends in the order the writes were made, one at a time, each with its Idempotency-Key', async () => {
    const storage = memoryStorage();
    const { client, seen } = scriptedClient(() => json(200, { data: {} }));
    const queue = makeQueue({ storage, client });
    const first = await queue.enqueue(comment(5, 'first'));
    const second = await queue.enqueue(message(5, 'hello'));
    const third = await queue.enqueue(comment(6, 'third'));
    expect((await queue.list()).map((w) => w.id)).toEqual([first.id, second.id, third.id]);

    const result = await queue.flush();
    expect(result).toMatchObject({ sent: 3, retryInMs: null });
    expect(seen.map((r) => [r.url, r.headers.get('Idempotency-Key')])).toEqual([
      ['http://school.test/api/studies/5', first.id],
      ['http://school.test/api/study_messages', second.id],
      ['http://school.test/api/studies/6', third.id],
    ]);
    expect(String(seen[0].body)).toBe('_method=patch&comment=first');
    expect(JSON.parse(String(seen[1].body))).toEqual({ study_id: 5, user_id: 7, content: 'hello' });
    expect(await queue.list()).toEqual([]);
  });

  it('keeps everything on no answer and retries later with the same key', async () => {
    const storage = memoryStorage();
    let down = true;
    const { client, seen } = scriptedClient(() => {
      if (down) throw new TypeError('Failed to fetch');
      return json(201, { data: { id: 1 } });
    });
    const queue = makeQueue({ storage, client });
    const write = await queue.enqueue(message(5, 'hello'));
    await queue.enqueue(message(5, 'again'));

    expect(await queue.flush()).toMatchObject({ sent: 0, retryInMs: 1000 });
    expect(await queue.flush()).toMatchObject({ sent: 0, retryInMs: 2000 });
    expect(seen).toHaveLength(2); // the second write waits behind the first
    expect((await queue.list()).map((w) => w.attempts)).toEqual([2, 0]);

    down = false;
    // A restart: a new queue object over the same storage finds both writes.
    const restarted = makeQueue({ storage, client });
    expect(await restarted.flush()).toMatchObject({ sent: 2 });
    expect(seen.slice(1, 3).map((r) => r.headers.get('Idempotency-Key'))).toEqual([write.id, write.id]);
  });

  it('marks a refused write failed with its message and a conflict with the server row; later rows go on', async () => {
    const storage = memoryStorage();
    const { client } = scriptedClient((request) => {
      if (request.url.endsWith('/api/studies/5'))
        return json(409, { message: 'Changed', code: 'version_conflict', current: { comment: 'theirs' } });
      if (request.url.endsWith('/api/study_messages'))
        return json(422, { message: 'x', errors: { content: ['Too long'] } });
      return json(200, { data: {} });
    });
    const queue = makeQueue({ storage, client });
    const conflicting = await queue.enqueue({ ...comment(5, 'mine'), baseVersion: '3' });
    await queue.enqueue(comment(5, 'after it'));
    await queue.enqueue(message(5, 'x'.repeat(5)));
    await queue.enqueue(comment(6, 'other row'));

    expect(await queue.flush()).toMatchObject({ sent: 1 });
    const [conflict, waiting, failed] = await queue.list();
    expect(conflict).toMatchObject({ id: conflicting.id, state: 'conflict', current: { comment: 'theirs' } });
    expect(waiting).toMatchObject({ state: 'pending', attempts: 0 }); // same row: waits for the conflict
    expect(failed).toMatchObject({ state: 'failed', error: 'Too long' });
  });

  it('sends If-Match with the base version and, after "keep mine", the new version under a new key', async () => {
    const storage = memoryStorage();
    let conflict = true;
    const { client, seen } = scriptedClient(() =>
      conflict
        ? json(409, { message: 'Changed', code: 'version_conflict', current: { comment: 'theirs' } })
        : json(200, {}),
    );
    const queue = makeQueue({ storage, client });
    const write = await queue.enqueue({ ...comment(5, 'mine'), baseVersion: '3' });
    await queue.flush();
    expect(seen[0].headers.get('If-Match')).toBe('"3"');

    conflict = false;
    await queue.resolve(write.id, '4', { comment: 'mine + theirs' });
    expect(await queue.flush()).toMatchObject({ sent: 1 });
    expect(seen[1].headers.get('If-Match')).toBe('"4"');
    expect(seen[1].headers.get('Idempotency-Key')).not.toBe(write.id);
    expect(String(seen[1].body)).toBe('_method=patch&comment=mine+%2B+theirs');
  });

  it('keeps a homework file as a Blob and sends it again as the same multipart field', async () => {
    const storage = memoryStorage();
    const files = memoryFiles();
    const { client, seen } = scriptedClient(() => json(200, {}));
    const queue = makeQueue({ storage, files, client });
    const form = new FormData();
    form.append('_method', 'patch');
    form.append('user_id', '3');
    form.append('study_task[]', new File(['%PDF-1.4'], 'task.pdf', { type: 'application/pdf' }), 'task.pdf');
    await queue.enqueue({ method: 'POST', path: '/api/studies/5', body: form });
    expect(files.data.size).toBe(1);

    await queue.flush();
    const sent = seen[0].body as FormData;
    const file = sent.get('study_task[]') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['task.pdf', 'application/pdf', '%PDF-1.4']);
    expect(files.data.size).toBe(0);
  });

  it('waits for the same account after a session ends; another account never sees or sends it', async () => {
    const storage = memoryStorage();
    let session = false;
    const { client, seen } = scriptedClient(() =>
      session ? json(200, {}) : json(401, { message: 'Unauthenticated.' }),
    );
    const teacher = makeQueue({ storage, client }, { userId: 7, server: 'http://school.test' });
    await teacher.enqueue(comment(5, 'mine'));
    expect(await teacher.flush()).toMatchObject({ signedOut: true, sent: 0 });
    expect(await teacher.list()).toHaveLength(1);

    session = true;
    const other = makeQueue({ storage, client }, { userId: 8, server: 'http://school.test' });
    const elsewhere = makeQueue({ storage, client }, { userId: 7, server: 'http://other.school' });
    expect(await other.list()).toEqual([]);
    expect(await other.flush()).toMatchObject({ sent: 0 });
    expect(await elsewhere.flush()).toMatchObject({ sent: 0 });
    expect(seen).toHaveLength(1);

    const again = makeQueue({ storage, client }, { userId: 7, server: 'http://school.test' });
    expect(await again.flush()).toMatchObject({ sent: 1 });
  });

  it('lets one window send at a time', async () => {
    const storage = memoryStorage();
    const lock = memoryLock();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { client, seen } = scriptedClient(() => json(200, {}));
    const slow = makeQueue({
      storage,
      lock,
      client: { ...client, request: async (path, options) => (await gate, client.request(path, options)) },
    });
    const other = makeQueue({ storage, lock, client });
    await slow.enqueue(comment(5, 'once'));
    const first = slow.flush();
    expect(await other.flush()).toMatchObject({ busy: true, sent: 0 });
    release();
    expect(await first).toMatchObject({ sent: 1 });
    expect(seen).toHaveLength(1);
  });

  it('refuses to queue a write outside the allowlist', async () => {
    const { client } = scriptedClient(() => json(200, {}));
    const queue = makeQueue({ storage: memoryStorage(), client });
    await expect(
      queue.enqueue({ method: 'POST', path: '/api/payments', body: { amount: 1 } }),
    ).rejects.toThrow(TypeError);
  });
});
