import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInlineJobQueue } from '../../platform/jobs/inline-job-queue.test-kit.js';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

async function lastResetLink(
  email: string,
  afterId = 0,
): Promise<{ token: string; email: string } | undefined> {
  const row = await srv
    .knex('mail_outbox')
    .where({ to: email })
    .where('id', '>', afterId)
    .orderBy('id', 'desc')
    .first();
  const m = row && /\/password\/reset\/([A-Za-z0-9_-]+)\?email=([^\s]+)/.exec(row.text);
  return m ? { token: m[1], email: decodeURIComponent(m[2]) } : undefined;
}

const lastOutboxId = async () => Number((await srv.knex('mail_outbox').max('id as id').first())?.id ?? 0);

/** Asks for a link and waits for the mail job (it runs after the answer) to put it in the outbox. */
async function requestResetLink(email: string): Promise<{ token: string; email: string }> {
  const before = await lastOutboxId();
  expect((await srv.client().post('/password/email', { email })).status).toBe(200);
  return vi.waitFor(
    async () => (await lastResetLink(email, before)) ?? Promise.reject(new Error('no mail yet')),
    { timeout: 5000, interval: 20 },
  );
}

describe('password reset', () => {
  it('answers the same for known and unknown emails and mails a link only to the known one', async () => {
    const before = await lastOutboxId();
    const known = await srv.client().post('/password/email', { email: 'student@example.com' });
    const unknown = await srv.client().post('/password/email', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await vi.waitFor(async () => expect(await lastResetLink('student@example.com', before)).toBeDefined(), {
      timeout: 5000,
      interval: 20,
    });
    expect(await srv.knex('mail_outbox').where({ to: 'stranger@example.com' }).first()).toBeUndefined();
  });

  it('does the same work for a known and an unknown address: both only queue the same job, which decides (issue 27.3)', async () => {
    const jobs = createInlineJobQueue();
    const queued = await startTestServer({ db: srv.db, jobs });
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    try {
      await srv.knex('rate_limits').delete();
      const before = await lastOutboxId();
      const ask = async (email: string) => {
        statements.length = 0;
        srv.knex.on('query', record);
        try {
          const res = await queued.client('ru').post('/password/email', { email });
          return { status: res.status, body: res.body, sql: [...statements] };
        } finally {
          srv.knex.off('query', record);
        }
      };
      const known = await ask('teacher@example.com');
      const unknown = await ask('nobody-here@example.com');
      expect(known.status).toBe(200);
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: known.status,
        body: known.body,
      });
      // The request counts itself and nothing else: no account look-up, no link, no mail.
      for (const sql of [...known.sql, ...unknown.sql])
        expect(sql).not.toMatch(/\b(users|password_resets|mail_outbox)\b/);
      expect(known.sql.length).toBe(unknown.sql.length);
      expect(jobs.jobs().map((j) => ({ name: j.name, keys: Object.keys(j.payload).sort() }))).toEqual([
        { name: 'password-reset-mail', keys: ['email', 'lang'] },
        { name: 'password-reset-mail', keys: ['email', 'lang'] },
      ]);
      expect(await lastResetLink('teacher@example.com', before)).toBeUndefined();
      await jobs.drain();
      const mail = await srv
        .knex('mail_outbox')
        .where({ to: 'teacher@example.com' })
        .where('id', '>', before)
        .first();
      // The job writes in the language of the request.
      expect(mail.subject).toMatch(/[а-я]/i);
      expect(await srv.knex('mail_outbox').where({ to: 'nobody-here@example.com' }).first()).toBeUndefined();
    } finally {
      await queued.close();
    }
  });

  it('throttles per email and per address, the same for known and unknown addresses (issue 27.3)', async () => {
    await srv.knex('rate_limits').delete();
    const ask = (email: string) => srv.client().post('/password/email', { email });
    for (let i = 0; i < srv.config.PASSWORD_RESET_MAX_PER_EMAIL; i++) {
      expect((await ask('methodologist@example.com')).status).toBe(200);
      expect((await ask('ghost@example.com')).status).toBe(200);
    }
    const known = await ask('methodologist@example.com');
    const unknown = await ask('ghost@example.com');
    expect(known.status).toBe(429);
    expect(Number(known.headers.get('retry-after'))).toBeGreaterThan(0);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(known.body.code).toBe('throttled');
    // Another email from the same address is counted per address.
    await srv.knex('rate_limits').delete();
    for (let i = 0; i < srv.config.PASSWORD_RESET_MAX_PER_ADDRESS; i++)
      expect((await ask(`visitor${i}@example.com`)).status).toBe(200);
    expect((await ask('one-more@example.com')).status).toBe(429);
    await srv.knex('rate_limits').delete();
  });

  it('validates the email', async () => {
    const res = await srv.client('ru').post('/password/email', { email: 'nope' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/[а-я]/i);
  });

  it('resets with the link once, signs the user in, and ends their other sessions', async () => {
    const other = await srv.signInAs('Student');
    const link = await requestResetLink('student@example.com');
    const c = srv.client();
    const body = {
      token: link.token,
      email: link.email,
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    };
    const res = await c.post('/password/reset', body);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('student@example.com');
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    const again = await srv
      .client()
      .post('/password/reset', { ...body, password: 'another-1', password_confirmation: 'another-1' });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toHaveLength(1);
    const signIn = await srv
      .client()
      .post('/login', { email: 'student@example.com', password: 'new-secret-1' });
    expect(signIn.status).toBe(200);
  });

  it('refuses an expired link, a short password and a wrong confirmation', async () => {
    const link = await requestResetLink('manager@example.com');
    const base = { token: link.token, email: link.email };
    const short = await srv
      .client()
      .post('/password/reset', { ...base, password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    const mismatch = await srv.client().post('/password/reset', {
      ...base,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(mismatch.status).toBe(422);
    await srv
      .knex('password_resets')
      .where({ email: 'manager@example.com' })
      .update({ created_at: srv.knex.raw("now() - interval '61 minutes'") });
    const expired = await srv.client().post('/password/reset', {
      ...base,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(expired.status).toBe(422);
    expect(
      (await srv.client().post('/login', { email: 'manager@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(200);
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
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(422);
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: 'teacher-new-1' })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password, a short or unconfirmed new one, and another user', async () => {
    const c = await srv.signInAs('Methodologist');
    const me = (await c.get('/api/user')).body.data;
    const send = (b: Record<string, string>) => c.post(`/api/users/${me.id}`, { _method: 'patch', ...b });
    const wrong = await send({
      current_password: 'nope-nope',
      new_password: 'abcdefgh1',
      new_password_confirmation: 'abcdefgh1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toHaveLength(1);
    const short = await send({
      current_password: DEMO_PASSWORD,
      new_password: 'abc',
      new_password_confirmation: 'abc',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.new_password).toBeDefined();
    const mismatch = await send({
      current_password: DEMO_PASSWORD,
      new_password: 'abcdefgh1',
      new_password_confirmation: 'abcdefgh2',
    });
    expect(mismatch.status).toBe(422);
    const other = await c.post('/api/users/1', {
      _method: 'patch',
      current_password: DEMO_PASSWORD,
      new_password: 'abcdefgh1',
      new_password_confirmation: 'abcdefgh1',
    });
    expect(other.status).toBe(403);
    expect(
      (await srv.client().post('/login', { email: 'methodologist@example.com', password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
  });
});
