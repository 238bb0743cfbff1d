import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../platform/security/secrets.js';
import {
  startTestServer,
  type DemoRole,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';
import {
  eventually,
  filesUnder,
  makeSample,
  metadataOf,
  pickStudies,
  postForm,
  removeDir,
  sparseFile,
  storedObjects,
  tempDir,
  type StudyPicks,
} from './recordings.test-kit.js';

/**
 * Playing and downloading (ranges, types, UTF-8 names, who may), and uploads that do not finish:
 * a file over 1 GiB refused the moment it crosses the limit, a client that goes away mid-file.
 */

let srv: TestServer;
let dataDir: string;
let samples: string;
let studies: StudyPicks;
let childStudy: number;
let hiddenFromFamily: number;
const as = {} as Record<DemoRole, TestClient>;
let video: string;
let recordingId: number;
let familyRecordingId: number;

const url = (studyId: number) => `/api/studies/${studyId}/recordings`;
const tempLeftovers = async () =>
  (await filesUnder(path.join(dataDir, 'tmp'))).filter((f) => f.startsWith('uploads/'));

beforeAll(async () => {
  dataDir = await tempDir('rec-data-');
  samples = await tempDir('rec-samples-');
  srv = await startTestServer({ env: { DATA_DIR: dataDir } });
  for (const role of ['Manager', 'Teacher', 'Student', 'Responsible'] as DemoRole[])
    as[role] = await srv.signInAs(role, 'en');
  studies = await pickStudies(srv.knex);
  const k = srv.knex;
  const parent = (await k('users').where({ email: 'parent@example.com' }).first('id')).id;
  const student = (await k('users').where({ email: 'student@example.com' }).first('id')).id;
  const children = await k('user_responsibles').where('responsible_id', parent).pluck('child_id');
  childStudy = (
    await k('study_user')
      .whereIn('user_id', children)
      .whereNot('study_id', studies.own)
      .whereIn('study_id', k('studies').where('miss_status', 0).select('id'))
      .orderBy('study_id')
      .first('study_id')
  ).study_id;
  hiddenFromFamily = (
    await k('studies')
      .whereNotExists(
        k('study_user')
          .whereRaw('study_user.study_id = studies.id')
          .whereIn('user_id', [...children, student]),
      )
      // A miss status blocks uploads (spec part 1 §4): the demo has some such studies.
      .where('miss_status', 0)
      .orderBy('id')
      .first('id')
  ).id;
  video = await makeSample(samples, 'Урок «Дроби» 1.mp4');
  const res = await postForm(
    as.Teacher,
    url(studies.own),
    { metadata: metadataOf(studies.own, [{ part: 1, file_name: 'Урок «Дроби» 1.mp4' }]) },
    [{ name: 'Урок «Дроби» 1.mp4', path: video }],
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  recordingId = res.body.data[0].id;
  const fam = await postForm(
    as.Manager,
    url(childStudy),
    { metadata: metadataOf(childStudy, [{ part: 1, file_name: 'family.mp4' }]) },
    [{ name: 'family.mp4', path: video }],
  );
  expect(fam.status, JSON.stringify(fam.body)).toBe(200);
  familyRecordingId = fam.body.data[0].id;
});

afterAll(async () => {
  await srv?.close();
  await removeDir(dataDir);
  await removeDir(samples);
});

async function fetchBytes(client: TestClient, p: string, headers: Record<string, string> = {}) {
  const res = await fetch(client.baseUrl + p, {
    headers: {
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'Accept-Language': 'en',
      ...headers,
    },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('play: HTTP ranges so a player can seek', () => {
  it('the whole file: 200, Accept-Ranges, the stored type and length', async () => {
    const source = await readFile(video);
    const { res, bytes } = await fetchBytes(as.Student, `${url(studies.own)}/${recordingId}/play`);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Number(res.headers.get('content-length'))).toBe(source.length);
    expect(bytes.equals(source)).toBe(true);
  });

  it('a range: 206 with Content-Range and exactly those bytes; suffix and open ranges too', async () => {
    const source = await readFile(video);
    const mid = await fetchBytes(as.Student, `${url(studies.own)}/${recordingId}/play`, {
      Range: 'bytes=100-1099',
    });
    expect(mid.res.status).toBe(206);
    expect(mid.res.headers.get('content-range')).toBe(`bytes 100-1099/${source.length}`);
    expect(mid.res.headers.get('content-length')).toBe('1000');
    expect(mid.bytes.equals(source.subarray(100, 1100))).toBe(true);
    const tail = await fetchBytes(as.Student, `${url(studies.own)}/${recordingId}/play`, {
      Range: 'bytes=-500',
    });
    expect(tail.res.status).toBe(206);
    expect(tail.bytes.equals(source.subarray(source.length - 500))).toBe(true);
    const open = await fetchBytes(as.Student, `${url(studies.own)}/${recordingId}/play`, {
      Range: `bytes=${source.length - 10}-`,
    });
    expect(open.res.headers.get('content-range')).toBe(
      `bytes ${source.length - 10}-${source.length - 1}/${source.length}`,
    );
    expect(open.bytes.length).toBe(10);
  });

  it('a range past the end: 416 with Content-Range bytes */size', async () => {
    const size = (await readFile(video)).length;
    const { res } = await fetchBytes(as.Student, `${url(studies.own)}/${recordingId}/play`, {
      Range: `bytes=${size}-`,
    });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
  });
});

describe('seeking again is cheap', () => {
  const statements = async (fn: () => Promise<unknown>) => {
    let n = 0;
    const count = () => n++;
    srv.knex.on('query', count);
    try {
      await fn();
    } finally {
      srv.knex.removeListener('query', count);
    }
    return n;
  };

  it('after one checked range, the next ranges of that session skip the database; other sessions do not share it', async () => {
    const student = await srv.signInAs('Student', 'en');
    const play = `${url(studies.own)}/${recordingId}/play`;
    expect(await statements(() => fetchBytes(student, play, { Range: 'bytes=0-9' }))).toBeGreaterThan(0);
    let second!: Awaited<ReturnType<typeof fetchBytes>>;
    expect(
      await statements(async () => (second = await fetchBytes(student, play, { Range: 'bytes=10-19' }))),
    ).toBe(0);
    expect(second.res.status).toBe(206);
    expect(second.bytes.equals((await readFile(video)).subarray(10, 20))).toBe(true);
    // Someone who does not take part, asking for the same path, goes through the full check.
    const outsider = await srv.signInAs('Methodologist', 'en');
    expect((await fetchBytes(outsider, play)).res.status).toBe(404);
  });

  it('a grant dies with its session: at once on sign-out or a password change here, through session_changes when it ends elsewhere (issue 27.6)', async () => {
    const play = `${url(studies.own)}/${recordingId}/play`;
    const range = { Range: 'bytes=0-9' };
    const replay = (token: string) => {
      const c = srv.client('en');
      c.cookies.set('school_session', token);
      return fetchBytes(c, play, range).then((r) => r.res.status);
    };
    // Sign-out: the old cookie plays nothing more, not even from the grant.
    const student = await srv.signInAs('Student', 'en');
    const token = student.cookies.get('school_session')!;
    expect((await fetchBytes(student, play, range)).res.status).toBe(206);
    expect(await statements(() => fetchBytes(student, play, range))).toBe(0);
    expect((await student.post('/logout')).status).toBe(204);
    expect(await replay(token)).toBe(401);
    // A password change ends the account's other sessions, and their grants.
    const other = await srv.signInAs('Student', 'en');
    const otherToken = other.cookies.get('school_session')!;
    expect((await fetchBytes(other, play, range)).res.status).toBe(206);
    const changer = await srv.signInAs('Student', 'en');
    const me = (await changer.get('/api/user')).body.data;
    const form = {
      _method: 'patch',
      current_password: 'demo12345',
      new_password: 'student-new-1',
      new_password_confirmation: 'student-new-1',
    };
    expect((await changer.post(`/api/users/${me.id}`, form)).status).toBe(200);
    expect(await replay(otherToken)).toBe(401);
    await changer.post(`/api/users/${me.id}`, {
      ...form,
      current_password: 'student-new-1',
      new_password: 'demo12345',
      new_password_confirmation: 'demo12345',
    });
    // The change ended the Student session the later tests use too.
    as.Student = await srv.signInAs('Student', 'en');
    // Ended by another process (here: SQL by hand): the notification reaches this one's grants.
    const listening = await startTestServer({ db: srv.db, realtime: true, env: { DATA_DIR: dataDir } });
    try {
      const viewer = await listening.signInAs('Student', 'en');
      const viewerToken = viewer.cookies.get('school_session')!;
      const direct = () => fetchBytes(viewer, play, range).then((r) => r.res.status);
      expect(await direct()).toBe(206);
      expect(await statements(direct)).toBe(0);
      await srv
        .knex('sessions')
        .where({ id: sha256(viewerToken) })
        .delete();
      await vi.waitFor(async () => expect(await direct()).toBe(401), { timeout: 5000, interval: 20 });
    } finally {
      await listening.close();
    }
  });
});

describe('download: an attachment with its UTF-8 name', () => {
  it('Content-Disposition carries filename* (RFC 5987) and an ASCII fallback', async () => {
    const { res, bytes } = await fetchBytes(as.Teacher, `${url(studies.own)}/${recordingId}/download`);
    expect(res.status).toBe(200);
    const cd = res.headers.get('content-disposition')!;
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(cd)![1]!)).toBe('Урок «Дроби» 1.mp4');
    expect(/filename="([^"]+)"/.exec(cd)![1]).toMatch(/ 1\.mp4$/);
    expect(bytes.equals(await readFile(video))).toBe(true);
  });
});

describe('who may play and download: whoever may read the study', () => {
  it('a parent plays their child’s recording; others get 404', async () => {
    const play = await fetchBytes(as.Responsible, `${url(childStudy)}/${familyRecordingId}/play`, {
      Range: 'bytes=0-99',
    });
    expect(play.res.status).toBe(206);
    expect(play.bytes.length).toBe(100);
    const list = await as.Responsible.get(`${url(childStudy)}?with[]=creator&with[]=languages`);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([familyRecordingId]);
    // Another study's path with this id, and a study the family does not see.
    expect(
      (await fetchBytes(as.Responsible, `${url(studies.own)}/${familyRecordingId}/play`)).res.status,
    ).toBe(404);
    const hidden = await postForm(
      as.Manager,
      url(hiddenFromFamily),
      { metadata: metadataOf(hiddenFromFamily, [{ part: 1, file_name: 'staff.mp4' }]) },
      [{ name: 'staff.mp4', path: video }],
    );
    const hiddenId = hidden.body.data[0].id;
    for (const role of ['Responsible', 'Student'] as const) {
      expect((await fetchBytes(as[role], `${url(hiddenFromFamily)}/${hiddenId}/play`)).res.status, role).toBe(
        404,
      );
      expect(
        (await fetchBytes(as[role], `${url(hiddenFromFamily)}/${hiddenId}/download`)).res.status,
        role,
      ).toBe(404);
    }
    expect((await fetchBytes(as.Manager, `${url(hiddenFromFamily)}/${hiddenId}/download`)).res.status).toBe(
      200,
    );
  });

  it('signed out: 401', async () => {
    const res = await fetch(`${srv.url}${url(studies.own)}/${recordingId}/play`);
    expect(res.status).toBe(401);
  });
});

describe('uploads that do not finish leave nothing', () => {
  it('1 GiB + 1 byte: 413 recordings.file_too_large the moment the limit is crossed, nothing kept', async () => {
    const huge = await sparseFile(samples, 'huge.mp4', 1024 * 1024 * 1024 + 1);
    // A second file of 1 GiB follows: an answer only after reading it all would come too late.
    const after = await sparseFile(samples, 'after.mp4', 1024 * 1024 * 1024);
    const before = await storedObjects(dataDir);
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      {
        metadata: metadataOf(studies.own, [
          { part: 2, file_name: 'huge.mp4' },
          { part: 3, file_name: 'after.mp4' },
        ]),
      },
      [
        { name: 'huge.mp4', path: huge },
        { name: 'after.mp4', path: after },
      ],
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'recordings.file_too_large', params: { maxSize: '1024 MB' } });
    expect(res.body.message).toBe('The file is too large. Maximum size is 1024 MB.');
    // Answered once the first file crossed the limit, long before the second was sent.
    expect(res.sent).toBeGreaterThan(1024 * 1024 * 1024);
    expect(res.sent).toBeLessThan(res.total - 512 * 1024 * 1024);
    await eventually(async () => (await tempLeftovers()).length === 0, 15_000, 'temp files removed');
    expect(await storedObjects(dataDir)).toEqual(before);
    expect(await srv.knex('recordings').where('study_id', studies.own).pluck('file_name')).toEqual([
      'Урок «Дроби» 1.mp4',
    ]);
  }, 240_000);

  it('a client that goes away mid-file while replacing: old row and file intact, temp file removed', async () => {
    const big = path.join(samples, 'big.mp4');
    await writeFile(big, randomBytes(24 * 1024 * 1024));
    const [row] = await srv
      .knex('recordings')
      .where('id', recordingId)
      .select('storage_key', 'file_name', 'file_size');
    let sawTemp = false;
    const res = await postForm(
      as.Teacher,
      url(studies.own),
      { metadata: metadataOf(studies.own, [{ part: 1, id: recordingId, file_name: 'big.mp4' }]) },
      [{ name: 'big.mp4', path: big }],
      {
        cutAfterBytes: 12 * 1024 * 1024,
        onCut: async () => {
          await eventually(async () => (await tempLeftovers()).length === 1, 10_000, 'the partial temp file');
          sawTemp = true;
        },
      },
    );
    expect(res.cut).toBe(true);
    expect(sawTemp).toBe(true);
    await eventually(
      async () => (await tempLeftovers()).length === 0,
      15_000,
      'temp file removed after the cut',
    );
    expect(
      await srv.knex('recordings').where('id', recordingId).first('storage_key', 'file_name', 'file_size'),
    ).toEqual(row);
    expect(await storedObjects(dataDir)).toContain(row.storage_key);
    // The server is fine afterwards.
    expect(
      (await fetchBytes(as.Teacher, `${url(studies.own)}/${recordingId}/play`, { Range: 'bytes=0-0' })).res
        .status,
    ).toBe(206);
  }, 120_000);
});
