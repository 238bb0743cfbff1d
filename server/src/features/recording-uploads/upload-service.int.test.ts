import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, TestClient } from '../../../test/harness.test-kit.js';
import {
  filesUnder,
  makeSample,
  metadataOf,
  pickStudies,
  postForm,
  removeDir,
  tempDir,
  type StudyPicks,
} from '../recordings/recordings.test-kit.js';
import {
  postUpload,
  setUploaderFlag,
  startUploadStack,
  type UploadStack,
} from './upload-service.test-kit.js';
import { signUploadToken } from './upload-token.js';

/**
 * The upload service as a real process (its own entry point) next to the API, with real videos
 * made by ffmpeg: what it stores is what the API serves, and each error code of spec part 2 §8 is
 * reached through a real fault (a token, the database, the storage directory, the configuration).
 */

let stack: UploadStack;
let samples: string;
let studies: StudyPicks;
let teacher: TestClient;
let teacherId: number;
let lesson: string;
let lesson2: string;
let short: string;

beforeAll(async () => {
  samples = await tempDir('rec-service-samples-');
  // A 1 MB limit on the service: the limit test needs no gigabyte (the samples are far smaller).
  stack = await startUploadStack({ uploaderEnv: { UPLOAD_LIMIT_MB: '1' } });
  studies = await pickStudies(stack.db.knex);
  teacher = await stack.api.signInAs('Teacher', 'en');
  teacherId = (await stack.db.knex('users').where('email', DEMO_ACCOUNTS.Teacher).first('id')).id;
  [lesson, lesson2, short] = await Promise.all([
    makeSample(samples, 'Урок 1.mp4'),
    makeSample(samples, 'lesson-2.mp4', 'video', 7),
    makeSample(samples, 'blink.mp4', 'video', 2),
  ]);
});
afterAll(async () => {
  await stack?.close();
  await removeDir(samples);
});

const knex = () => stack.db.knex;
const tokenFor = async (client: TestClient, studyId: number) => {
  const res = await client.get(`/api/jwt/issue?study_id=${studyId}`);
  if (res.status !== 200) throw new Error(`no token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
};
/** The service's client: the recordings form streamed from disk with the bearer token. */
const upload = (token: string, metadata: string, files: Array<{ name: string; path: string }>, lang = 'en') =>
  postForm(new TestClient(stack.uploader.url, lang), '/upload', { metadata }, files, {
    headers: { Authorization: `Bearer ${token}` },
  });
const rowsOf = async (studyId: number) =>
  (await knex()('recordings')
    .where('study_id', studyId)
    .orderBy('part')
    .select('id', 'part', 'file_name', 'storage_key')) as Array<{
    id: number;
    part: number;
    file_name: string;
    storage_key: string;
  }>;
const objectPath = (key: string) => path.join(stack.dataDir, 'files', ...key.split('/'));
const storedUnder = async (studyId: number) =>
  (await filesUnder(path.join(stack.dataDir, 'files'))).filter((f) => f.startsWith(`recordings/${studyId}/`));
/** Multipart temporary files of the service (its directory under DATA_DIR/tmp/uploads). */
const tempLeftovers = async () =>
  (await filesUnder(path.join(stack.dataDir, 'tmp'))).filter((f) => f.startsWith('uploads/'));
/**
 * A token made with the shared secret, as the API would make it (its row tied to a live session of
 * the user), for cases the API refuses to issue.
 */
async function signed(
  claims: { sub: number; role: number; own_role?: number; study_id: number },
  ttl = 600,
  now = Date.now(),
) {
  const jti = randomUUID();
  const { token, expiresAt } = signUploadToken(
    stack.secret,
    { own_role: claims.role, ...claims, jti },
    ttl,
    now,
  );
  const sessionId = randomBytes(32).toString('hex');
  await knex()('sessions').insert({
    id: sessionId,
    user_id: claims.sub,
    expires_at: new Date(Date.now() + 3_600_000),
    ip: '127.0.0.1',
    user_agent: 'test',
  });
  await knex()('upload_tokens').insert({
    id: jti,
    session_id: sessionId,
    user_id: claims.sub,
    study_id: claims.study_id,
    expires_at: expiresAt,
  });
  return token;
}

/** Runs `fn` with a piece of the data directory replaced by a plain file (a real, root-proof fault). */
async function withFileInPlaceOf(dir: string, fn: () => Promise<void>) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  await writeFile(dir, 'not a directory');
  try {
    await fn();
  } finally {
    await rm(dir, { force: true });
  }
}

/** Nothing of a refused save stays: same rows, no new object, no temporary file. */
async function expectUnchanged(studyId: number, before: { rows: unknown; objects: string[] }) {
  expect(await rowsOf(studyId)).toEqual(before.rows);
  expect(await storedUnder(studyId)).toEqual(before.objects);
  expect(await tempLeftovers()).toEqual([]);
}
const pendingOf = async (studyId: number) =>
  ((await knex()('recording_pending_objects').pluck('storage_key')) as string[]).filter((k) =>
    k.startsWith(`recordings/${studyId}/`),
  );
async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const snapshot = async (studyId: number) => ({
  rows: await rowsOf(studyId),
  objects: await storedUnder(studyId),
});

describe('uploads through the service are the API’s recordings', () => {
  it('adds two parts; the API lists them with creator and languages, plays them with ranges and downloads them', async () => {
    const languages = (await knex()('languages').orderBy('id').limit(2).pluck('id')) as number[];
    const token = await tokenFor(teacher, studies.own);
    const res = await upload(
      token,
      metadataOf(studies.own, [
        { part: 1, file_name: 'Урок 1.mp4', languages: [languages[0]!] },
        { part: 2, file_name: 'lesson-2.mp4', languages },
      ]),
      [
        { name: 'Урок 1.mp4', path: lesson },
        { name: 'lesson-2.mp4', path: lesson2 },
      ],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toHaveLength(2);
    expect(await tempLeftovers()).toEqual([]);

    const list = await teacher.get(`/api/studies/${studies.own}/recordings?with[]=creator&with[]=languages`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { part: number; file_name: string }) => [r.part, r.file_name])).toEqual([
      [1, 'Урок 1.mp4'],
      [2, 'lesson-2.mp4'],
    ]);
    expect(list.body.data[0].creator.full_name).toBeTruthy();
    expect(list.body.data[1].languages.map((l: { id: number }) => l.id).sort()).toEqual(
      [...languages].sort(),
    );
    expect(res.body.data).toEqual(list.body.data);

    // The family sees and plays what the service stored, byte for byte.
    const parent = await stack.api.signInAs('Responsible');
    const first = list.body.data[0].id as number;
    const original = await readFile(lesson);
    const play = await fetch(`${stack.api.url}/api/studies/${studies.own}/recordings/${first}/play`, {
      headers: {
        Cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        Range: 'bytes=100-1099',
      },
    });
    expect(play.status).toBe(206);
    expect(play.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await play.arrayBuffer()).equals(original.subarray(100, 1100))).toBe(true);
    const download = await fetch(`${stack.api.url}/api/studies/${studies.own}/recordings/${first}/download`, {
      headers: { Cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%D0%A3%D1%80%D0%BE%D0%BA%201.mp4",
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
  });

  it('replaces a part’s file and reorders in one request; the replaced file is removed once the rows are committed', async () => {
    const [one, two] = await rowsOf(studies.own);
    const token = await tokenFor(teacher, studies.own);
    const res = await upload(
      token,
      metadataOf(studies.own, [
        { part: 1, file_name: 'lesson-2.mp4', id: two!.id },
        { part: 2, file_name: 'Урок 1 (new).mp4', id: one!.id },
      ]),
      [{ name: 'Урок 1 (new).mp4', path: lesson2 }],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.replaced).toEqual([one!.id]);
    const after = await rowsOf(studies.own);
    expect(after.map((r) => [r.id, r.part, r.file_name])).toEqual([
      [two!.id, 1, 'lesson-2.mp4'],
      [one!.id, 2, 'Урок 1 (new).mp4'],
    ]);
    expect(after[1]!.storage_key).not.toBe(one!.storage_key);
    expect(await storedUnder(studies.own)).not.toContain(one!.storage_key);
    expect((await readFile(objectPath(after[1]!.storage_key))).equals(await readFile(lesson2))).toBe(true);
  });
});

describe('the error codes of spec part 2 §8', () => {
  it('user_validation_failed (401): no token, another secret, expired, a deactivated user, a changed role', async () => {
    const meta = metadataOf(studies.own, [{ part: 1, file_name: 'x.mp4' }]);
    const noToken = await postUpload(stack.uploader.url);
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({
      code: 'user_validation_failed',
      message: 'Your account could not be confirmed. Sign in again and retry.',
    });
    const cases: Array<[string, string]> = [
      [
        'another secret',
        signUploadToken(
          'z'.repeat(64),
          { sub: teacherId, role: 3, own_role: 3, study_id: studies.own, jti: randomUUID() },
          600,
        ).token,
      ],
      [
        'expired',
        await signed({ sub: teacherId, role: 3, study_id: studies.own }, 600, Date.now() - 601_000),
      ],
      ['garbage', 'not-a-token'],
    ];
    for (const [label, token] of cases) {
      const res = await upload(token, meta, [{ name: 'x.mp4', path: lesson }]);
      expect([label, res.status, res.body?.code]).toEqual([label, 401, 'user_validation_failed']);
    }
    const token = await tokenFor(teacher, studies.own);
    await knex()('users').where('id', teacherId).update({ active: false });
    try {
      const res = await upload(token, meta, [{ name: 'x.mp4', path: lesson }], 'uk');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'user_validation_failed',
        message: 'Не вдалося підтвердити користувача. Увійдіть знову та повторіть спробу.',
      });
    } finally {
      await knex()('users').where('id', teacherId).update({ active: true });
    }
    // A fresh token: the one above was spent by its first use.
    const second = await tokenFor(teacher, studies.own);
    await knex()('users').where('id', teacherId).update({ role_id: 7 });
    try {
      expect((await upload(second, meta, [{ name: 'x.mp4', path: lesson }])).body.code).toBe(
        'user_validation_failed',
      );
    } finally {
      await knex()('users').where('id', teacherId).update({ role_id: 3 });
    }
  });

  it('user_not_allowed (403): a role that may not upload, a study the user left since, a form about another study', async () => {
    const before = await snapshot(studies.second);
    const studentId = (await knex()('users').where('email', DEMO_ACCOUNTS.Student).first('id')).id;
    const meta = metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]);
    const student = await upload(
      await signed({ sub: studentId, role: 4, study_id: studies.second }),
      meta,
      [{ name: 'x.mp4', path: lesson }],
      'ru',
    );
    expect(student.status).toBe(403);
    expect(student.body).toEqual({
      code: 'user_not_allowed',
      message: 'Вы не можете загружать записи в это занятие.',
    });

    const token = await tokenFor(teacher, studies.second);
    const link = await knex()('study_user').where({ study_id: studies.second, user_id: teacherId }).first();
    await knex()('study_user').where({ study_id: studies.second, user_id: teacherId }).delete();
    try {
      const left = await upload(token, meta, [{ name: 'x.mp4', path: lesson }]);
      expect([left.status, left.body.code]).toEqual([403, 'user_not_allowed']);
    } finally {
      await knex()('study_user').insert(link);
    }
    // The token is for `second`; the form names `own` (which the teacher may upload to as well).
    const other = await upload(
      await tokenFor(teacher, studies.second),
      metadataOf(studies.own, [{ part: 1, file_name: 'x.mp4' }]),
      [{ name: 'x.mp4', path: lesson }],
    );
    expect([other.status, other.body.code]).toEqual([403, 'user_not_allowed']);
    await expectUnchanged(studies.second, before);
  });

  it('study_fetch_failed: a study that is gone (404), a studies table that cannot be read (500)', async () => {
    const meta = metadataOf(999999, [{ part: 1, file_name: 'x.mp4' }]);
    const gone = await upload(await signed({ sub: teacherId, role: 3, study_id: 999999 }), meta, [
      { name: 'x.mp4', path: lesson },
    ]);
    expect([gone.status, gone.body.code]).toEqual([404, 'study_fetch_failed']);
    const token = await tokenFor(teacher, studies.second);
    await knex().raw('ALTER TABLE studies RENAME TO studies_away');
    try {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
        { name: 'x.mp4', path: lesson },
      ]);
      expect([res.status, res.body.code]).toEqual([500, 'study_fetch_failed']);
    } finally {
      await knex().raw('ALTER TABLE studies_away RENAME TO studies');
    }
  });

  it('existing_fetch_failed (500): the study’s recordings cannot be read', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await knex().raw('ALTER TABLE recording_language RENAME TO recording_language_away');
    try {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
        { name: 'x.mp4', path: lesson },
      ]);
      expect([res.status, res.body.code]).toEqual([500, 'existing_fetch_failed']);
    } finally {
      await knex().raw('ALTER TABLE recording_language_away RENAME TO recording_language');
    }
    await expectUnchanged(studies.second, before);
  });

  it('duplicate_file (422): a new part named like a part the study already has', async () => {
    const before = await snapshot(studies.own);
    const rows = before.rows as Array<{ id: number; part: number; file_name: string }>;
    const token = await tokenFor(teacher, studies.own);
    // Rows a save does not list stay as they are, names included.
    const res = await upload(
      token,
      metadataOf(studies.own, [{ part: rows.length + 1, file_name: rows[0]!.file_name }]),
      [{ name: rows[0]!.file_name, path: lesson2 }],
    );
    expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([422, 'duplicate_file']);
    expect(res.body.message).toBe('A file with this name already exists in this study.');
    await expectUnchanged(studies.own, before);
  });

  it('too_short (422): a 2-second video, below the 5-second minimum', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'blink.mp4' }]), [
      { name: 'blink.mp4', path: short },
    ]);
    expect([res.status, res.body.code]).toEqual([422, 'too_short']);
    expect(res.body.params).toEqual({ seconds: 5 });
    expect(Object.keys(res.body.errors)).toEqual(['parts.0.file_name']);
    await expectUnchanged(studies.second, before);
  });

  it('metadata_write_failed (500): the database refuses the rows at commit; the stored file is removed', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await knex().raw(
      "ALTER TABLE recordings ADD CONSTRAINT test_refuse_rows CHECK (file_name <> 'refused.mp4') NOT VALID",
    );
    try {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'refused.mp4' }]), [
        { name: 'refused.mp4', path: lesson },
      ]);
      expect([res.status, res.body.code]).toEqual([500, 'metadata_write_failed']);
    } finally {
      await knex().raw('ALTER TABLE recordings DROP CONSTRAINT test_refuse_rows');
    }
    await expectUnchanged(studies.second, before);
    expect(await pendingOf(studies.second)).toEqual([]);
  });

  it('file_access_failed (500): the received file cannot be written to the temporary directory', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await withFileInPlaceOf(path.join(stack.dataDir, 'tmp'), async () => {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
        { name: 'x.mp4', path: lesson },
      ]);
      expect([res.status, res.body.code]).toEqual([500, 'file_access_failed']);
    });
    await expectUnchanged(studies.second, before);
  });

  it('upload_failed (500): storage cannot take the file', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await withFileInPlaceOf(path.join(stack.dataDir, 'files', '.tmp'), async () => {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
        { name: 'x.mp4', path: lesson },
      ]);
      expect([res.status, res.body.code]).toEqual([500, 'upload_failed']);
    });
    await expectUnchanged(studies.second, before);
  });

  it('session_move_failed (500): the received file cannot be moved to its final key', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await withFileInPlaceOf(
      path.join(stack.dataDir, 'files', 'recordings', String(studies.second)),
      async () => {
        const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
          { name: 'x.mp4', path: lesson },
        ]);
        expect([res.status, res.body.code]).toEqual([500, 'session_move_failed']);
        expect(await rowsOf(studies.second)).toEqual(before.rows);
      },
    );
    await expectUnchanged(studies.second, before);
    // What storage kept of it (its content-type record) stays listed as pending: the sweep removes it.
    const meta = (await filesUnder(path.join(stack.dataDir, 'files', '.meta'))).filter((f) =>
      f.startsWith(`recordings/${studies.second}/`),
    );
    const pending = await pendingOf(studies.second);
    for (const f of meta) expect(pending).toContain(f.replace(/\.json$/, ''));
  });

  it('existing_download_failed (409): the file of the part being replaced is missing from storage', async () => {
    const rows = await rowsOf(studies.own);
    const victim = rows[0]!;
    await rm(objectPath(victim.storage_key));
    const before = await snapshot(studies.own);
    const token = await tokenFor(teacher, studies.own);
    const res = await upload(
      token,
      metadataOf(
        studies.own,
        rows.map((r, i) => ({ part: r.part, file_name: i === 0 ? 'fixed.mp4' : r.file_name, id: r.id })),
      ),
      [{ name: 'fixed.mp4', path: lesson }],
    );
    expect([res.status, res.body.code]).toEqual([409, 'existing_download_failed']);
    await expectUnchanged(studies.own, before);
  });

  it('server_configuration (503): no signing secret, or an unusable one', async () => {
    const token = await tokenFor(teacher, studies.own);
    const meta = metadataOf(studies.own, [{ part: 1, file_name: 'x.mp4' }]);
    const bare = path.join(stack.dataDir, 'bare');
    try {
      // Neither UPLOADER_JWT_SECRET nor $DATA_DIR/uploader-jwt.secret.
      await stack.respawn({ UPLOADER_JWT_SECRET: '', DATA_DIR: bare });
      const missing = await upload(token, meta, [{ name: 'x.mp4', path: lesson }]);
      expect([missing.status, missing.body.code]).toEqual([503, 'server_configuration']);
      expect(missing.body.message).toBe(
        'The upload service is misconfigured. Please contact the administrator.',
      );
      await mkdir(bare, { recursive: true });
      await writeFile(path.join(bare, 'uploader-jwt.secret'), 'short\n');
      const unusable = await postUpload(stack.uploader.url, { token });
      expect([unusable.status, unusable.body.code]).toEqual([503, 'server_configuration']);
    } finally {
      await stack.respawn();
      await rm(bare, { recursive: true, force: true });
    }
    // Back with its secret, the same token works again.
    expect((await postUpload(stack.uploader.url, { token })).status).not.toBe(503);
  });
});

describe('the service’s own edges', () => {
  it('answers the API’s own refusals with their codes: miss status set, a file over the limit (early)', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    await knex()('studies').where('id', studies.second).update({ miss_status: 1 });
    try {
      const res = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
        { name: 'x.mp4', path: lesson },
      ]);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'recordings.miss_status_blocked',
        message: 'Cannot upload recording when miss status is set',
      });
    } finally {
      await knex()('studies').where('id', studies.second).update({ miss_status: 0 });
    }
    expect((await stat(lesson2)).size).toBeLessThan(1024 * 1024);
    const big = path.join(samples, 'big.mp4');
    await writeFile(big, '');
    await truncate(big, 3 * 1024 * 1024);
    const res = await upload(
      await tokenFor(teacher, studies.second),
      metadataOf(studies.second, [{ part: 1, file_name: 'big.mp4' }]),
      [{ name: 'big.mp4', path: big }],
    );
    expect([res.status, res.body.code]).toEqual([413, 'recordings.file_too_large']);
    expect(res.body.params).toMatchObject({ maxSize: '1 MB' });
    await expectUnchanged(studies.second, before);
  });

  it('a connection cut mid-upload leaves no row, no object and no temporary file; the next upload works', async () => {
    const before = await snapshot(studies.second);
    const token = await tokenFor(teacher, studies.second);
    const meta = metadataOf(studies.second, [{ part: 1, file_name: 'lesson-2.mp4' }]);
    // Large enough to be cut after its first chunks (the samples are sent in one).
    const long = path.join(samples, 'long.mp4');
    await writeFile(long, '');
    await truncate(long, 900 * 1024);
    const cut = await postForm(
      new TestClient(stack.uploader.url, 'en'),
      '/upload',
      { metadata: meta },
      [{ name: 'lesson-2.mp4', path: long }],
      {
        headers: { Authorization: `Bearer ${token}` },
        cutAfterBytes: 300_000,
        // Cut once the service is writing the file, so "nothing left" means it removed it.
        onCut: () => until('the temporary file', async () => (await tempLeftovers()).length > 0),
      },
    );
    expect(cut.cut).toBe(true);
    await until('the temporary file to go', async () => (await tempLeftovers()).length === 0);
    await expectUnchanged(studies.second, before);
    // A token serves one upload: the retry asks for a new one, as the clients do.
    const again = await upload(await tokenFor(teacher, studies.second), meta, [
      { name: 'lesson-2.mp4', path: lesson2 },
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await rowsOf(studies.second)).map((r) => r.file_name)).toEqual(['lesson-2.mp4']);
  });

  it('lets the staff app in a browser call it across origins (CORS), and no other site', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.uploader.url}/upload`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    // The stack's APP_URL is http://127.0.0.1:8080 (the API's own port in a real start).
    const ok = await preflight('http://127.0.0.1:8080');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect((await preflight('app://staff')).headers.get('access-control-allow-origin')).toBe('app://staff');
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-methods')).toBeNull();
    const refused = await fetch(`${stack.uploader.url}/upload`, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:8080' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(((await refused.json()) as { code: string }).code).toBe('user_validation_failed');
    const get = await fetch(`${stack.uploader.url}/upload`);
    expect(get.status).toBe(405);
    expect(((await get.json()) as { code: string }).code).toBe('method_not_allowed');
  });
});

describe('a token serves one upload of its live session (issue 27.6)', () => {
  it('a second upload with the same token is refused (401), whatever the first one came to', async () => {
    const token = await tokenFor(teacher, studies.own);
    // The first use passes the token (then fails on its form: a study the token is not about).
    const first = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
      { name: 'x.mp4', path: lesson },
    ]);
    expect(first.status).toBe(403);
    expect(first.body.code).toBe('user_not_allowed');
    const again = await upload(token, metadataOf(studies.own, [{ part: 9, file_name: 'again.mp4' }]), [
      { name: 'again.mp4', path: lesson },
    ]);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('user_validation_failed');
    expect((await rowsOf(studies.own)).map((r) => r.file_name)).not.toContain('again.mp4');
  });

  it('dies with the session that asked for it: sign-out, or a password change from another session', async () => {
    const meta = metadataOf(studies.own, [{ part: 9, file_name: 'after.mp4' }]);
    const leaving = await stack.api.signInAs('Teacher', 'en');
    const token = await tokenFor(leaving, studies.own);
    expect((await leaving.post('/logout')).status).toBe(204);
    expect((await upload(token, meta, [{ name: 'after.mp4', path: lesson }])).body.code).toBe(
      'user_validation_failed',
    );

    const elsewhere = await stack.api.signInAs('Teacher', 'en');
    const kept = await tokenFor(elsewhere, studies.own);
    const changer = await stack.api.signInAs('Teacher', 'en');
    const form = {
      _method: 'patch',
      current_password: 'demo12345',
      new_password: 'teacher-new-1',
      new_password_confirmation: 'teacher-new-1',
    };
    expect((await changer.post(`/api/users/${teacherId}`, form)).status).toBe(200);
    try {
      const res = await upload(kept, meta, [{ name: 'after.mp4', path: lesson }]);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('user_validation_failed');
    } finally {
      await changer.post(`/api/users/${teacherId}`, {
        ...form,
        current_password: 'teacher-new-1',
        new_password: 'demo12345',
        new_password_confirmation: 'demo12345',
      });
      // The change ended the file's shared Teacher session too.
      teacher = await stack.api.signInAs('Teacher', 'en');
    }
    expect((await rowsOf(studies.own)).map((r) => r.file_name)).not.toContain('after.mp4');
  });

  it('the service checks the feature flag on every upload, not only when the token was issued', async () => {
    const token = await tokenFor(teacher, studies.own);
    await setUploaderFlag(stack.db, false);
    try {
      const off = await upload(
        token,
        metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]),
        [{ name: 'x.mp4', path: lesson }],
        'uk',
      );
      expect(off.status).toBe(409);
      expect(off.body.code).toBe('uploader_disabled');
      expect(off.body.message).toMatch(/[а-яіїє]/i);
    } finally {
      await setUploaderFlag(stack.db, true);
    }
    // Refused before the token was looked at: it is still unspent.
    const on = await upload(token, metadataOf(studies.second, [{ part: 1, file_name: 'x.mp4' }]), [
      { name: 'x.mp4', path: lesson },
    ]);
    expect(on.body.code).toBe('user_not_allowed');
  });
});
