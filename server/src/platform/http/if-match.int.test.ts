import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@school/shared/i18n';
import { startPanelsKit, type PanelsKit } from '../../features/study-tasks/study-panels.test-kit.js';

/**
 * Issue 34 point 4 (docs/api.md "Offline writes"): a queued update carries the version it was
 * based on (`If-Match`, the ETag the server sent); when the row changed meanwhile the server answers
 * 409 `version_conflict` with the row as it is now and writes nothing. Without If-Match: as before.
 */
let kit: PanelsKit;
beforeAll(async () => {
  kit = await startPanelsKit();
});
afterAll(() => kit.close());

const uk = resources.uk.translation.writeGuards;
const ru = resources.ru.translation.writeGuards;
const TAG = /^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/;
const CONTENT = 'Урок пройшов добре: дроби, відсотки і задачі на частини. '.repeat(4);

const studyRow = (id: number) =>
  kit.srv.knex('studies').where({ id }).first('comment', 'miss_status', 'updated_at');

describe('If-Match on the study update (comment, miss status)', () => {
  it('the version the client holds: written, answered with the new ETag, which the JSON shows as updated_at', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const read = await kit.as.Teacher.get(`/api/studies/${study}`);
    expect(read.status, read.text).toBe(200);
    const tag = read.headers.get('etag')!;
    expect(tag).toMatch(TAG);

    const res = await kit.as.Teacher.patch(
      `/api/studies/${study}`,
      { comment: 'Повторити дроби' },
      { 'If-Match': tag },
    );
    expect(res.status, res.text).toBe(200);
    const next = res.headers.get('etag')!;
    expect(next).toMatch(TAG);
    expect(next).not.toBe(tag);
    expect(next).toBe(`"${res.body.data.updated_at}"`);
    expect((await studyRow(study)).comment).toBe('Повторити дроби');
    // The next queued update is based on the answer's tag.
    const missed = await kit.as.Teacher.patch(
      `/api/studies/${study}`,
      { miss_status: 1 },
      { 'If-Match': next },
    );
    expect(missed.status, missed.text).toBe(200);
  });

  it('a row changed meanwhile: 409 version_conflict with the current study in the user’s language, nothing written', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const stale = (await kit.as.Teacher.get(`/api/studies/${study}`)).headers.get('etag')!;
    // The methodologist's browser saved first.
    const other = await kit.as.Administrator.patch(`/api/studies/${study}`, {
      comment: 'Текст адміністратора',
    });
    expect(other.status).toBe(200);
    const stored = await studyRow(study);

    for (const [lang, t] of [
      ['uk', uk],
      ['ru', ru],
    ] as const) {
      kit.as.Teacher.lang = lang;
      const res = await kit.as.Teacher.patch(
        `/api/studies/${study}`,
        { comment: 'Текст викладача', miss_status: 2 },
        { 'If-Match': stale },
      );
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ message: t.version_conflict, code: 'version_conflict' });
      expect(res.body.current).toMatchObject({
        id: study,
        comment: 'Текст адміністратора',
        miss_status: stored.miss_status,
        updated_at: other.body.data.updated_at,
      });
      expect(res.headers.get('etag')).toBe(other.headers.get('etag'));
    }
    kit.as.Teacher.lang = 'uk';
    expect(await studyRow(study)).toEqual(stored);
  });

  it('without If-Match the last write wins as before; `*` matches any version; a malformed one is 400', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    expect((await kit.as.Administrator.patch(`/api/studies/${study}`, { comment: 'перший' })).status).toBe(
      200,
    );
    const plain = await kit.as.Teacher.patch(`/api/studies/${study}`, { comment: 'другий' });
    expect([plain.status, plain.body.data.comment]).toEqual([200, 'другий']);
    const any = await kit.as.Teacher.patch(
      `/api/studies/${study}`,
      { comment: 'третій' },
      { 'If-Match': '*' },
    );
    expect(any.status).toBe(200);
    const bad = await kit.as.Teacher.patch(
      `/api/studies/${study}`,
      { comment: 'х' },
      { 'If-Match': '"yesterday"' },
    );
    expect([bad.status, bad.body.code]).toEqual([400, 'if_match_invalid']);
    expect((await studyRow(study)).comment).toBe('третій');
  });
});

describe('If-Match on the report edit (generic update)', () => {
  it('matching version: 200 and a new ETag; stale: 409 with the current report and nothing written', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const created = await kit.as.Teacher.post('/api/study_reports', {
      study_id: study,
      user_id: kit.ids.student,
      subject: 'Дроби та відсотки',
      content: CONTENT,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const read = await kit.as.Teacher.get(`/api/study_reports/${id}?select[]=id&select[]=updated_at`);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));
    expect(read.headers.get('etag')).toBe(`"${read.body.data.updated_at}"`);
    const v1 = read.headers.get('etag')!;

    const edit = await kit.as.Teacher.patch(
      `/api/study_reports/${id}`,
      { content: `${CONTENT} Друга редакція.` },
      { 'If-Match': v1 },
    );
    expect(edit.status, edit.text).toBe(200);
    const v2 = edit.headers.get('etag')!;
    expect(v2).toMatch(TAG);
    expect(v2).not.toBe(v1);

    const stale = await kit.as.Teacher.patch(
      `/api/study_reports/${id}`,
      { content: `${CONTENT} Стара редакція з черги.` },
      { 'If-Match': v1 },
    );
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body).toMatchObject({
      message: uk.version_conflict,
      code: 'version_conflict',
      current: { id, content: `${CONTENT} Друга редакція.` },
    });
    expect(stale.headers.get('etag')).toBe(v2);
    // The version to base the teacher's choice on, in the JSON too (not in the default columns).
    expect(`"${stale.body.current.updated_at}"`).toBe(v2);
    const row = await kit.srv.knex('study_reports').where({ id }).first('content');
    expect(row.content).toBe(`${CONTENT} Друга редакція.`);

    // Without If-Match: written as before.
    const plain = await kit.as.Teacher.patch(`/api/study_reports/${id}`, {
      content: `${CONTENT} Без версії.`,
    });
    expect(plain.status).toBe(200);
  });

  it('a replayed conflict is the same 409: the queue resolves it once and sends the choice with a new key', async () => {
    const study = await kit.newStudy([kit.ids.teacher, kit.ids.student]);
    const stale = (await kit.as.Teacher.get(`/api/studies/${study}`)).headers.get('etag')!;
    await kit.as.Administrator.patch(`/api/studies/${study}`, { comment: 'спершу' });
    const headers = { 'If-Match': stale, 'Idempotency-Key': `conflict-${study}` };
    const first = await kit.as.Teacher.patch(`/api/studies/${study}`, { comment: 'потім' }, headers);
    const again = await kit.as.Teacher.patch(`/api/studies/${study}`, { comment: 'потім' }, headers);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([
      409,
      409,
      'true',
    ]);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });
});
