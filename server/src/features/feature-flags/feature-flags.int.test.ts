import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

let srv: TestServer;
let flagId: number;

beforeAll(async () => {
  srv = await startTestServer();
  flagId = (await srv.knex('feature_flags').where('name', 'recordings_uploader_enabled').first('id')).id;
});
afterAll(async () => {
  await srv?.close();
});

const uploaderOn = async () =>
  (await srv.knex('feature_flags').where('id', flagId).first('enabled')).enabled as boolean;

describe('PATCH /api/feature-flags/{id}', () => {
  it('lets the Administrator switch the uploader flag on and off; every signed-in user reads the change', async () => {
    const admin = await srv.signInAs('Administrator');
    const on = await admin.patch(`/api/feature-flags/${flagId}`, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ id: flagId, name: 'recordings_uploader_enabled', enabled: true });
    expect(await uploaderOn()).toBe(true);
    // The teacher's client reads the flag to pick the upload route: the switch reaches it.
    const teacher = await srv.signInAs('Teacher');
    const flags = await teacher.get('/api/feature-flags');
    expect(flags.body.data.find((f: { id: number }) => f.id === flagId).enabled).toBe(true);
    const issued = await srv.signInAs('Manager');
    const study = (await srv.knex('studies').orderBy('id').first('id')).id;
    expect((await issued.get(`/api/jwt/issue?study_id=${study}`)).status).toBe(200);
    // A form client sends POST with _method=patch and strings.
    const off = await admin.post(
      `/api/feature-flags/${flagId}`,
      new URLSearchParams({ _method: 'patch', enabled: '0' }),
    );
    expect(off.status).toBe(200);
    expect(off.body.data.enabled).toBe(false);
    expect(await uploaderOn()).toBe(false);
  });

  it('refuses every other role (Manager included) with 403, the flag unchanged', async () => {
    for (const role of ['Manager', 'Teacher', 'Methodologist', 'Student', 'Responsible'] as const) {
      const c = await srv.signInAs(role, 'ru');
      const res = await c.patch(`/api/feature-flags/${flagId}`, { enabled: true });
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect(await uploaderOn()).toBe(false);
    expect((await srv.client().patch(`/api/feature-flags/${flagId}`, { enabled: true })).status).toBe(401);
  });

  it('answers 422 for a missing or non-boolean value and 404 for an unknown flag, nothing written', async () => {
    const admin = await srv.signInAs('Administrator', 'en');
    const missing = await admin.patch(`/api/feature-flags/${flagId}`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.enabled).toHaveLength(1);
    const wrong = await admin.patch(`/api/feature-flags/${flagId}`, { enabled: 'maybe' });
    expect(wrong.status).toBe(422);
    expect((await admin.patch('/api/feature-flags/999999', { enabled: true })).status).toBe(404);
    expect((await admin.patch('/api/feature-flags/abc', { enabled: true })).status).toBe(404);
    expect(await uploaderOn()).toBe(false);
  });
});
