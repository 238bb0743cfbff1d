import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type DemoRole,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';
import {
  filesUnder,
  makeSample,
  metadataOf,
  pickStudies,
  postForm,
  removeDir,
  storedObjects,
  tempDir,
  type StudyPicks,
} from './recordings.test-kit.js';

/**
 * POST api/studies/{id}/recordings (spec part 1 §7) with real videos made by ffmpeg: adding,
 * replacing and reordering in one request, and every refusal leaving the database and the
 * storage as they were.
 */

let srv: TestServer;
let dataDir: string;
let samples: string;
let studies: StudyPicks;
const as = {} as Record<DemoRole, TestClient>;
let lesson: string;
let lesson2: string;
let replacement: string;

beforeAll(async () => {
  dataDir = await tempDir('rec-data-');
  samples = await tempDir('rec-samples-');
  srv = await startTestServer({ env: { DATA_DIR: dataDir } });
  for (const role of [
    'Administrator',
    'Manager',
    'Teacher',
    'Methodologist',
    'Student',
    'Responsible',
  ] as DemoRole[]) {
    as[role] = await srv.signInAs(role, 'en');
  }
  studies = await pickStudies(srv.knex);
  [lesson, lesson2, replacement] = await Promise.all([
    makeSample(samples, 'Урок 1.mp4'),
    makeSample(samples, 'lesson-2.mp4', 'video', 7),
    makeSample(samples, 'lesson-2-better.webm'),
  ]);
});

afterAll(async () => {
  await srv?.close();
  await removeDir(dataDir);
  await removeDir(samples);
});

const url = (studyId: number) => `/api/studies/${studyId}/recordings`;
const rowsOf = async (studyId: number) =>
  (await srv
    .knex('recordings')
    .where('study_id', studyId)
    .orderBy('part')
    .select('id', 'part', 'file_name', 'storage_key', 'file_mime', 'created_by')) as Array<{
    id: number;
    part: number;
    file_name: string;
    storage_key: string;
    file_mime: string;
    created_by: number;
  }>;
/** What must never stay behind: multipart temporary files. */
const tempLeftovers = async () =>
  (await filesUnder(path.join(dataDir, 'tmp'))).filter((f) => f.startsWith('uploads/'));

describe('a save adds, replaces and reorders in one request', () => {
  it('adds two parts: rows with creator and languages, files stored, nothing left in temp', async () => {
    const languages = (await srv.knex('languages').orderBy('id').limit(2).pluck('id')) as number[];
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      {
        metadata: metadataOf(studies.own, [
          { part: 1, file_name: 'Урок 1.mp4', languages: [languages[0]!] },
          { part: 2, file_name: 'lesson-2.mp4', languages },
        ]),
      },
      [
        { name: 'Урок 1.mp4', path: lesson },
        { name: 'lesson-2.mp4', path: lesson2 },
      ],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((r: { part: number; file_name: string }) => [r.part, r.file_name])).toEqual([
      [1, 'Урок 1.mp4'],
      [2, 'lesson-2.mp4'],
    ]);

    const list = await as.Teacher.get(`${url(studies.own)}?with[]=creator&with[]=languages`);
    expect(list.status).toBe(200);
    const [first, second] = list.body.data;
    expect(first.creator.full_name).toBeTruthy();
    expect(first.languages.map((l: { id: number }) => l.id)).toEqual([languages[0]]);
    expect(second.languages).toHaveLength(2);
    expect(first.archived).toBe(false);

    const rows = await rowsOf(studies.own);
    expect(rows.map((r) => r.file_mime)).toEqual(['video/mp4', 'video/mp4']);
    expect((await storedObjects(dataDir)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
    expect(await tempLeftovers()).toEqual([]);
    // The stored bytes are the sent bytes.
    expect(await readFile(path.join(dataDir, 'files', rows[0]!.storage_key))).toEqual(await readFile(lesson));
  });

  it('replaces part 2 and moves it first; the old file goes only after the commit', async () => {
    const [one, two] = await rowsOf(studies.own);
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      {
        metadata: metadataOf(studies.own, [
          { part: 1, id: two!.id, file_name: 'lesson-2-better.webm' },
          { part: 2, id: one!.id, file_name: one!.file_name },
        ]),
      },
      [{ name: 'lesson-2-better.webm', path: replacement, type: 'video/webm' }],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.replaced).toEqual([two!.id]);
    const rows = await rowsOf(studies.own);
    expect(rows.map((r) => [r.id, r.part, r.file_name, r.file_mime])).toEqual([
      [two!.id, 1, 'lesson-2-better.webm', 'video/webm'],
      [one!.id, 2, one!.file_name, 'video/mp4'],
    ]);
    const objects = await storedObjects(dataDir);
    expect(objects).not.toContain(two!.storage_key);
    expect(objects.sort()).toEqual(rows.map((r) => r.storage_key).sort());
    expect(Number((await srv.knex('recording_pending_objects').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('keeps rows the list does not name (no implicit delete) and refuses a part they hold', async () => {
    const before = await rowsOf(studies.own);
    const clash = await postForm(
      as.Teacher,
      url(studies.own),
      {
        metadata: metadataOf(studies.own, [{ part: 1, file_name: 'extra.mp4' }]),
      },
      [{ name: 'extra.mp4', path: lesson2 }],
    );
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('recordings.list_changed');
    const added = await postForm(
      as.Manager,
      url(studies.own),
      {
        metadata: metadataOf(studies.own, [{ part: 3, file_name: 'extra.mp4' }]),
      },
      [{ name: 'extra.mp4', path: lesson2 }],
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await rowsOf(studies.own)).map((r) => r.id).slice(0, 2)).toEqual(before.map((r) => r.id));
  });
});

describe('refusals leave nothing behind', () => {
  let snapshot: { rows: unknown; objects: string[] };
  const unchanged = async () => {
    expect(await rowsOf(studies.own)).toEqual(snapshot.rows);
    expect(await storedObjects(dataDir)).toEqual(snapshot.objects);
    expect(await tempLeftovers()).toEqual([]);
  };
  beforeAll(async () => {
    snapshot = { rows: await rowsOf(studies.own), objects: await storedObjects(dataDir) };
  });

  it.each([
    ['a text file named .mp4', 'recordings.file_must_be_video', 'notes.mp4', 'text' as const, 6],
    ['audio without a picture', 'recordings.file_must_be_video', 'voice.mp4', 'audio-only' as const, 6],
    ['a 2-second video', 'recordings.too_short', 'blink.mp4', 'video' as const, 2],
  ])('%s: 422 %s (the declared type video/mp4 is not trusted)', async (_label, code, name, kind, seconds) => {
    const file = await makeSample(samples, name, kind, seconds);
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 4, file_name: name }]) },
      [{ name, path: file, type: 'video/mp4' }],
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.errors['parts.0.file_name']).toHaveLength(1);
    await unchanged();
  });

  it('a name already in the study: 422 recordings.file_duplicate', async () => {
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 4, file_name: 'extra.mp4' }]) },
      [{ name: 'extra.mp4', path: lesson }],
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('recordings.file_duplicate');
    expect(res.body.errors['parts.0.file_name'][0]).toMatch(/already/);
    await unchanged();
  });

  it('a new row without its file: 422 recordings.file_not_selected; a stray file: invalid metadata', async () => {
    const none = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 4, file_name: 'x.mp4' }]) },
      [],
    );
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('recordings.file_not_selected');
    const stray = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 4, file_name: 'x.mp4' }]) },
      [
        { name: 'x.mp4', path: lesson },
        { name: 'y.mp4', path: lesson },
      ],
    );
    expect(stray.status).toBe(422);
    expect(stray.body.code).toBe('recordings.invalid_metadata');
    const broken = await postForm(as.Teacher, url(studies.own), { metadata: '{"study_id":' }, [
      { name: 'x.mp4', path: lesson },
    ]);
    expect(broken.status).toBe(422);
    const otherStudy = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.second, [{ part: 4, file_name: 'x.mp4' }]) },
      [{ name: 'x.mp4', path: lesson }],
    );
    expect(otherStudy.status).toBe(422);
    await unchanged();
  });

  it('an archived row is read only: no replacing, no deleting (409)', async () => {
    const [first] = await rowsOf(studies.own);
    await srv.knex('recordings').where('id', first!.id).update({ archived: true });
    snapshot.rows = await rowsOf(studies.own);
    const replace = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 1, id: first!.id, file_name: 'new.mp4' }]) },
      [{ name: 'new.mp4', path: lesson }],
    );
    expect(replace.status).toBe(409);
    expect(replace.body.code).toBe('recordings.archived_read_only');
    const del = await as.Teacher.delete(`${url(studies.own)}/${first!.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('An archived recording is read only.');
    await unchanged();
    await srv.knex('recordings').where('id', first!.id).update({ archived: false });
    snapshot.rows = await rowsOf(studies.own);
  });

  it('while the miss status is set: 409 with the spec message, in the caller’s language', async () => {
    await srv.knex('studies').where('id', studies.second).update({ miss_status: 1 });
    const metadata = metadataOf(studies.second, [{ part: 1, file_name: 'a.mp4' }]);
    const en = await postForm(as.Teacher, url(studies.second), { metadata }, [
      { name: 'a.mp4', path: lesson },
    ]);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'recordings.miss_status_blocked',
      message: 'Cannot upload recording when miss status is set',
    });
    as.Teacher.lang = 'uk';
    const uk = await postForm(as.Teacher, url(studies.second), { metadata }, [
      { name: 'a.mp4', path: lesson },
    ]);
    as.Teacher.lang = 'en';
    expect(uk.body.message).toBe('Не можна завантажити запис, коли встановлено статус пропуску.');
    expect(await rowsOf(studies.second)).toEqual([]);
    await srv.knex('studies').where('id', studies.second).update({ miss_status: 0 });
    await unchanged();
  });

  it('only Administrator, Manager and a Teacher of the study may upload', async () => {
    const metadata = (id: number) => metadataOf(id, [{ part: 1, file_name: 'a.mp4' }]);
    const post = (role: DemoRole, id: number) =>
      postForm(as[role], url(id), { metadata: metadata(id) }, [{ name: 'a.mp4', path: lesson }]);
    // A methodologist of the study may see it and even save its comment, but not its recordings.
    const methodologist = await post('Methodologist', studies.methodologist);
    expect(methodologist.status).toBe(403);
    expect(methodologist.body.code).toBe('recordings.user_not_allowed');
    expect((await post('Methodologist', studies.own)).status).toBe(404);
    const student = await post('Student', studies.own);
    expect(student.status).toBe(403);
    expect(student.body.code).toBe('recordings.user_not_allowed');
    expect([403, 404]).toContain((await post('Responsible', studies.own)).status);
    expect((await post('Teacher', studies.foreign)).status).toBe(404);
    expect(await rowsOf(studies.foreign)).toEqual([]);
    await unchanged();
    const admin = await post('Administrator', studies.foreign);
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect((await rowsOf(studies.foreign)).map((r) => r.file_name)).toEqual(['a.mp4']);
  });
});

describe('DELETE api/studies/{id}/recordings/{rid}', () => {
  it('removes the row and its file and closes the gap in the parts', async () => {
    const before = await rowsOf(studies.own);
    expect(before.length).toBe(3);
    expect((await as.Student.delete(`${url(studies.own)}/${before[0]!.id}`)).status).toBe(403);
    const res = await as.Teacher.delete(`${url(studies.own)}/${before[0]!.id}`);
    expect(res.status, res.text).toBe(200);
    const after = await rowsOf(studies.own);
    expect(after.map((r) => [r.id, r.part])).toEqual([
      [before[1]!.id, 1],
      [before[2]!.id, 2],
    ]);
    expect(await storedObjects(dataDir)).not.toContain(before[0]!.storage_key);
    expect((await as.Teacher.delete(`${url(studies.own)}/${before[0]!.id}`)).status).toBe(404);
    expect((await as.Teacher.delete(`${url(studies.second)}/${before[1]!.id}`)).status).toBe(404);
  });
});
