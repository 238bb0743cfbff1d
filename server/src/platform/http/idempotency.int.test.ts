import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import {
  homeworkForm,
  startPanelsKit,
  storedFiles,
  type PanelsKit,
} from '../../features/study-tasks/study-panels.test-kit.js';
import { createInlineJobQueue } from '../jobs/inline-job-queue.test-kit.js';
import { createIdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { idempotencySweepJob, registerIdempotencySweep } from './idempotency.job.js';

/**
 * Issue 34 point 3 (docs/api.md "Offline writes"): the offline queue sends a write again with the
 * same Idempotency-Key until it has an answer; the server answers the retry from idempotency_keys
 * and writes nothing twice. Real HTTP, real PostgreSQL; each test counts rows in the database.
 */
let kit: PanelsKit;
beforeAll(async () => {
  kit = await startPanelsKit();
});
afterAll(() => kit.close());

const uk = resources.uk.translation.writeGuards;
const ru = resources.ru.translation.writeGuards;
const key = () => randomUUID();
const withKey = (k: string) => ({ 'Idempotency-Key': k });
const countOf = async (table: string, where: Record<string, unknown>) =>
  Number((await kit.srv.knex(table).where(where).count({ n: '*' }))[0]!.n);
const messagesOf = (studyId: number, content: string) =>
  countOf('study_messages', { study_id: studyId, content });

const CONTENT = 'Урок пройшов добре: дроби, відсотки і задачі на частини. '.repeat(4);

describe('Idempotency-Key on a write', () => {
  it('a chat message sent twice with one key is written once; the retry gets the same answer, marked replayed', async () => {
    const k = key();
    const body = { study_id: kit.solo, content: 'Домашнє завдання на с. 12' };
    const first = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.text).toBe(first.text);
    expect(await messagesOf(kit.solo, body.content)).toBe(1);
    // Without a key, the same message is a new one (today's behaviour).
    expect((await kit.as.Teacher.post('/api/study_messages', body)).status).toBe(201);
    expect(await messagesOf(kit.solo, body.content)).toBe(2);
  });

  it('a report created twice with one key is one report, answered 201 both times', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const k = key();
    const body = {
      study_id: study,
      user_id: kit.ids.student,
      subject: 'Дроби та відсотки',
      content: CONTENT,
    };
    const first = await kit.as.Teacher.post('/api/study_reports', body, withKey(k));
    expect(first.status, first.text).toBe(201);
    // A created row carries its version (issue 34 point 4).
    expect(first.headers.get('etag')).toMatch(/^"\d{4}-\d\d-\d\dT[\d:.]+Z"$/);
    const again = await kit.as.Teacher.post('/api/study_reports', body, withKey(k));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await countOf('study_reports', { study_id: study })).toBe(1);
  });

  it('homework files sent twice with one key are stored once (multipart: the key is claimed before the files are read)', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const k = key();
    const form = () =>
      homeworkForm([{ name: 'задача.pdf', bytes: '%PDF-1.4\nfractions\n%%EOF\n' }], {
        user_id: String(kit.ids.student),
      });
    const before = (await storedFiles(kit)).length;
    const first = await kit.as.Teacher.post(`/api/studies/${study}`, form(), withKey(k));
    expect(first.status, first.text).toBe(200);
    const again = await kit.as.Teacher.post(`/api/studies/${study}`, form(), withKey(k));
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.text).toBe(first.text);
    expect(await countOf('study_tasks', { study_id: study })).toBe(1);
    expect((await storedFiles(kit)).length).toBe(before + 1);
  });

  it('an upload cut off mid-body leaves the key free: the retry with it stores the files', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const k = key();
    const boundary = 'xCUTx';
    const cookie = [...kit.as.Teacher.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    await new Promise<void>((resolve) => {
      const req = http.request(`${kit.srv.url}/api/studies/${study}`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(900 * 1024),
          'X-Requested-With': 'XMLHttpRequest',
          'Idempotency-Key': k,
          Cookie: cookie,
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\npatch\r\n`);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="study_task[]"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`,
      );
      req.write(Buffer.alloc(400 * 1024, 32), () => setTimeout(() => req.destroy(), 200));
    });
    // The server has seen the cut once the key is free again.
    for (let i = 0; i < 100 && (await kit.srv.knex('idempotency_keys').where({ key: k }).first('id')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const form = homeworkForm([{ name: 'a.pdf', bytes: '%PDF-1.4\nwhole\n%%EOF\n' }], {
      user_id: String(kit.ids.student),
    });
    const retry = await kit.as.Teacher.post(`/api/studies/${study}`, form, withKey(k));
    expect([retry.status, retry.headers.get('idempotent-replayed')], retry.text).toEqual([200, null]);
    expect(await countOf('study_tasks', { study_id: study })).toBe(1);
  });

  it("another user's request with the same key is their own: never someone else's answer", async () => {
    const k = key();
    const byTeacher = await kit.as.Teacher.post(
      '/api/study_messages',
      { study_id: kit.group, content: 'від викладача' },
      withKey(k),
    );
    const byStudent = await kit.as.Student.post(
      '/api/study_messages',
      { study_id: kit.group, content: 'від учня' },
      withKey(k),
    );
    expect([byTeacher.status, byStudent.status]).toEqual([201, 201]);
    expect(byStudent.headers.get('idempotent-replayed')).toBeNull();
    expect(byStudent.body.data).toMatchObject({ user_id: kit.ids.student, content: 'від учня' });
    expect(await messagesOf(kit.group, 'від викладача')).toBe(1);
    expect(await messagesOf(kit.group, 'від учня')).toBe(1);
  });

  it('the same key on another request is 422 idempotency_key_reused in the user’s language, and nothing runs', async () => {
    const k = key();
    expect(
      (await kit.as.Teacher.post('/api/study_messages', { study_id: kit.solo, content: 'перше' }, withKey(k)))
        .status,
    ).toBe(201);
    for (const [lang, t] of [
      ['uk', uk],
      ['ru', ru],
    ] as const) {
      kit.as.Teacher.lang = lang;
      const other = await kit.as.Teacher.post(
        '/api/study_messages',
        { study_id: kit.solo, content: 'друге' },
        withKey(k),
      );
      expect([other.status, other.body]).toEqual([
        422,
        { message: t.idempotency_key_reused, code: 'idempotency_key_reused' },
      ]);
    }
    kit.as.Teacher.lang = 'uk';
    // Another path or method with the key is another request too.
    const patch = await kit.as.Teacher.patch(`/api/studies/${kit.solo}`, { comment: 'x' }, withKey(k));
    expect([patch.status, patch.body.code]).toEqual([422, 'idempotency_key_reused']);
    expect(await messagesOf(kit.solo, 'друге')).toBe(0);
  });

  it('the same key sent five times at once writes exactly one row; the others wait (409) or get the answer', async () => {
    const k = key();
    const body = { study_id: kit.solo, content: `одночасно ${k}` };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => kit.as.Teacher.post('/api/study_messages', body, withKey(k))),
    );
    expect(await messagesOf(kit.solo, body.content)).toBe(1);
    const written = answers.filter((a) => a.status === 201);
    expect(written.length).toBeGreaterThan(0);
    for (const a of written) expect(a.body.data.id).toBe(written[0]!.body.data.id);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect([a.status, a.body.code, a.headers.get('retry-after')]).toEqual([
        409,
        'idempotency_in_progress',
        '2',
      ]);
    }
  });

  it('a key whose first request still runs is 409 idempotency_in_progress; a claim abandoned 20 minutes ago runs again', async () => {
    const k = key();
    const body = { study_id: kit.solo, content: `брошений ${k}` };
    // The first request: claimed (by another process, say), not finished.
    const first = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect(first.status).toBe(201);
    await kit.srv
      .knex('idempotency_keys')
      .where({ key: k })
      .update({ finished_at: null, status: null, headers: null, body: null });
    await kit.srv.knex('study_messages').where({ content: body.content }).delete();
    const running = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect([running.status, running.headers.get('retry-after')]).toEqual([409, '2']);
    expect(running.body).toEqual({ message: uk.idempotency_in_progress, code: 'idempotency_in_progress' });
    expect(await messagesOf(kit.solo, body.content)).toBe(0);

    await kit.srv
      .knex('idempotency_keys')
      .where({ key: k })
      .update({ claimed_at: kit.srv.knex.raw("now() - interval '21 minutes'") });
    const rerun = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect([rerun.status, rerun.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(await messagesOf(kit.solo, body.content)).toBe(1);
    const replay = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.text]).toEqual([
      201,
      'true',
      rerun.text,
    ]);
  });

  it('a delete retried with its key is answered 204 again, not 404', async () => {
    const sent = await kit.as.Teacher.post('/api/study_messages', {
      study_id: kit.solo,
      content: 'на видалення',
    });
    const k = key();
    const first = await kit.as.Teacher.delete(`/api/study_messages/${sent.body.data.id}`, withKey(k));
    const again = await kit.as.Teacher.delete(`/api/study_messages/${sent.body.data.id}`, withKey(k));
    expect([first.status, again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([
      204,
      204,
      'true',
      '',
    ]);
    // Without the key the row is simply gone.
    expect((await kit.as.Teacher.delete(`/api/study_messages/${sent.body.data.id}`)).status).toBe(404);
  });

  it('a refused write (4xx) is kept and replayed as it was; the key stays taken', async () => {
    const k = key();
    const body = { study_id: kit.solo, content: '   ' };
    const first = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect(first.status).toBe(422);
    const again = await kit.as.Teacher.post('/api/study_messages', body, withKey(k));
    expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([
      422,
      'true',
      first.text,
    ]);
  });

  it('a malformed key is 400 idempotency_key_invalid; nothing is written', async () => {
    for (const bad of ['', 'has space', 'ключ', 'x'.repeat(201)]) {
      const res = await kit.as.Teacher.post(
        '/api/study_messages',
        { study_id: kit.solo, content: `bad key ${bad.length}` },
        // fetch refuses non-Latin-1 header values: send the UTF-8 bytes as Latin-1 text.
        { 'Idempotency-Key': Buffer.from(bad).toString('latin1') },
      );
      expect([res.status, res.body.code], bad).toEqual([400, 'idempotency_key_invalid']);
    }
    expect(await messagesOf(kit.solo, 'bad key 0')).toBe(0);
    // 200 characters is the longest key taken.
    const longest = await kit.as.Teacher.post(
      '/api/study_messages',
      { study_id: kit.solo, content: 'longest key' },
      withKey('k'.repeat(200)),
    );
    expect(longest.status).toBe(201);
  });

  it('the hourly sweep deletes keys claimed more than 8 days ago and keeps a week’s', async () => {
    const { knex } = kit.srv;
    const claimedDaysAgo = async (days: number) => {
      const k = key();
      await knex('idempotency_keys').insert({
        user_id: kit.ids.teacher,
        key: k,
        method: 'POST',
        path: '/api/study_messages',
        fingerprint: 'f',
        claim: randomUUID(),
        claimed_at: knex.raw(`now() - make_interval(days => ?)`, [days]),
      });
      return k;
    };
    const old = await claimedDaysAgo(9);
    const week = await claimedDaysAgo(7);
    const jobs = createInlineJobQueue();
    registerIdempotencySweep(jobs, createIdempotencyKeysRepository(knex));
    await jobs.fireSchedule(idempotencySweepJob);
    await jobs.drain();
    expect(await knex('idempotency_keys').whereIn('key', [old, week]).pluck('key')).toEqual([week]);
  });
});
