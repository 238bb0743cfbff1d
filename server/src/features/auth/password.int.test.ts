import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../test/harness.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

async function lastResetLink(email: string): Promise<{ token: string; email: string } | undefined> {
  const row = await srv.knex('mail_outbox').where({ to: email }).orderBy('id', 'desc').first();
  const m = row && /\/password\/reset\/([A-Za-z0-9_-]+)\?email=([^\s]+)/.exec(row.text);
  return m ? { token: m[1], email: decodeURIComponent(m[2]) } : undefined;
}

describe('password reset', () => {
  it('answers the same for known and unknown emails and mails a link only to the known one', async () => {
    const known = await srv.client().post('/password/email', { email: 'student@example.com' });
    const unknown = await srv.client().post('/password/email', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await lastResetLink('student@example.com')).toBeDefined();
    expect(await srv.knex('mail_outbox').where({ to: 'stranger@example.com' }).first()).toBeUndefined();
  });

  it('validates the email', async () => {
    const res = await srv.client('ru').post('/password/email', { email: 'nope' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/[а-я]/i);
  });

  it('resets with the link once, signs the user in, and ends their other sessions', async () => {
    const other = await srv.signInAs('Student');
    await srv.client().post('/password/email', { email: 'student@example.com' });
    const link = (await lastResetLink('student@example.com'))!;
    const c = srv.client();
    const body = { token: link.token, email: link.email, password: 'new-secret-1', password_confirmation: 'new-secret-1' };
    const res = await c.post('/password/reset', body);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('student@example.com');
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    const again = await srv.client().post('/password/reset', { ...body, password: 'another-1', password_confirmation: 'another-1' });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toHaveLength(1);
    const signIn = await srv.client().post('/login', { email: 'student@example.com', password: 'new-secret-1' });
    expect(signIn.status).toBe(200);
  });

  it('refuses an expired link, a short password and a wrong confirmation', async () => {
    await srv.client().post('/password/email', { email: 'manager@example.com' });
    const link = (await lastResetLink('manager@example.com'))!;
    const base = { token: link.token, email: link.email };
    const short = await srv.client().post('/password/reset', { ...base, password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const mismatch = await srv.client().post('/password/reset', { ...base, password: 'long-enough-1', password_confirmation: 'long-enough-2' });
    expect(mismatch.status).toBe(422);
    await srv.knex('password_resets').where({ email: 'manager@example.com' }).update({ created_at: srv.knex.raw("now() - interval '61 minutes'") });
    const expired = await srv.client().post('/password/reset', { ...base, password: 'long-enough-1', password_confirmation: 'long-enough-1' });
    expect(expired.status).toBe(422);
    expect((await srv.client().post('/login', { email: 'manager@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });
});

describe('password change (POST /api/users/{id} with _method=patch)', () => {
  it('changes the own password with the current one and keeps this session only', async () => {
    const c = await srv.signInAs('Teacher');
    const elsewhere = await srv.signInAs('Teacher');
    const me = (await c.get('/api/user')).body.data;
    const form = new URLSearchParams({
      _method: 'patch',
      current_password: DEMO_PASSWORD,
      new_password: 'teacher-new-1',
      new_password_confirmation: 'teacher-new-1',
    });
    const res = await c.post(`/api/users/${me.id}`, form);
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await srv.client().post('/login', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status).toBe(422);
    expect((await srv.client().post('/login', { email: 'teacher@example.com', password: 'teacher-new-1' })).status).toBe(200);
  });

  it('refuses a wrong current password, a short or unconfirmed new one, and another user', async () => {
    const c = await srv.signInAs('Methodologist');
    const me = (await c.get('/api/user')).body.data;
    const send = (b: Record<string, string>) => c.post(`/api/users/${me.id}`, { _method: 'patch', ...b });
    const wrong = await send({ current_password: 'nope-nope', new_password: 'abcdefgh1', new_password_confirmation: 'abcdefgh1' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toHaveLength(1);
    const short = await send({ current_password: DEMO_PASSWORD, new_password: 'abc', new_password_confirmation: 'abc' });
    expect(short.status).toBe(422);
    expect(short.body.errors.new_password).toBeDefined();
    const mismatch = await send({ current_password: DEMO_PASSWORD, new_password: 'abcdefgh1', new_password_confirmation: 'abcdefgh2' });
    expect(mismatch.status).toBe(422);
    const other = await c.post('/api/users/1', { _method: 'patch', current_password: DEMO_PASSWORD, new_password: 'abcdefgh1', new_password_confirmation: 'abcdefgh1' });
    expect(other.status).toBe(403);
    expect((await srv.client().post('/login', { email: 'methodologist@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });
});
