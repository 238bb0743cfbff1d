import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, startTestServer } from '../../../test/harness.test-kit.js';
import {
  makeDataDir,
  postUpload,
  setUploaderFlag,
  startUploadStack,
  type UploadStack,
} from './upload-service.test-kit.js';
import { verifyUploadToken } from './upload-token.js';

let stack: UploadStack;
let teacherId: number;
let teacherStudy: number;
let otherStudy: number;

beforeAll(async () => {
  stack = await startUploadStack();
  const k = stack.db.knex;
  teacherId = (await k('users').where('email', DEMO_ACCOUNTS.Teacher).first('id')).id;
  teacherStudy = (await k('study_user').where('user_id', teacherId).orderBy('study_id').first('study_id'))
    .study_id;
  const mine = k('study_user').select('study_id').where('user_id', teacherId);
  otherStudy = (await k('studies').whereNotIn('id', mine).orderBy('id').first('id')).id;
});
afterAll(async () => {
  await stack?.close();
});

describe('GET /api/jwt/issue', () => {
  it('gives a Teacher a 15-minute token for their study, with the upload service’s address, that the service accepts', async () => {
    const teacher = await stack.api.signInAs('Teacher', 'en');
    const before = Date.now();
    const res = await teacher.get(`/api/jwt/issue?study_id=${teacherStudy}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.upload_url).toBe(stack.uploader.url);
    const claims = verifyUploadToken(stack.secret, res.body.token);
    expect(claims).toMatchObject({ sub: teacherId, role: 3, own_role: 3, study_id: teacherStudy });
    const ttl = Date.parse(res.body.expires_at) - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000);
    // The service takes it: the answer is about the form, not about who sent it.
    const upload = await postUpload(stack.uploader.url, { token: res.body.token, form: new FormData() });
    expect(upload.body.code).not.toBe('user_validation_failed');
    expect(upload.status).not.toBe(401);
  });

  it('gives Administrator and Manager tokens for any study', async () => {
    for (const role of ['Administrator', 'Manager'] as const) {
      const c = await stack.api.signInAs(role);
      const res = await c.get(`/api/jwt/issue?study_id=${otherStudy}`);
      expect(res.status, role).toBe(200);
      expect(verifyUploadToken(stack.secret, res.body.token).study_id).toBe(otherStudy);
    }
  });

  it('refuses roles that may not upload, someone else’s study, a missing study id and the signed-out', async () => {
    for (const role of ['Methodologist', 'Student', 'Responsible'] as const) {
      const c = await stack.api.signInAs(role);
      const res = await c.get(`/api/jwt/issue?study_id=${teacherStudy}`);
      expect(res.status, role).toBe(403);
      expect(res.body.token).toBeUndefined();
    }
    const teacher = await stack.api.signInAs('Teacher', 'en');
    expect((await teacher.get(`/api/jwt/issue?study_id=${otherStudy}`)).status).toBe(404);
    expect((await teacher.get('/api/jwt/issue?study_id=999999999')).status).toBe(404);
    const missing = await teacher.get('/api/jwt/issue');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.study_id).toEqual(['The study field is required.']);
    const bad = await teacher.get('/api/jwt/issue?study_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.study_id).toEqual(['The study field must be an integer.']);
    const anonymous = await stack.api.client().get(`/api/jwt/issue?study_id=${teacherStudy}`);
    expect(anonymous.status).toBe(401);
  });

  it('is refused while recordings_uploader_enabled is off (the client then posts to the API)', async () => {
    await setUploaderFlag(stack.db, false);
    try {
      const manager = await stack.api.signInAs('Manager', 'ru');
      const res = await manager.get(`/api/jwt/issue?study_id=${teacherStudy}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'uploader_disabled',
        message: 'Сервис загрузки записей выключен.',
      });
    } finally {
      await setUploaderFlag(stack.db, true);
    }
  });

  it('signs with a secret made once in DATA_DIR when UPLOADER_JWT_SECRET is unset', async () => {
    const dataDir = makeDataDir('secret');
    const api = await startTestServer({ db: stack.db, env: { DATA_DIR: dataDir, UPLOADER_JWT_SECRET: '' } });
    try {
      const manager = await api.signInAs('Manager');
      const first = await manager.get(`/api/jwt/issue?study_id=${teacherStudy}`);
      expect(first.status).toBe(200);
      const file = path.join(dataDir, 'uploader-jwt.secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(verifyUploadToken(secret, first.body.token).study_id).toBe(teacherStudy);
      // Not the configured one of the other tests: a token of one is worthless to the other.
      expect(() => verifyUploadToken(stack.secret, first.body.token)).toThrow();
    } finally {
      await api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
