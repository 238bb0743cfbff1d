import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  startTestServer,
  type DemoRole,
  type TestServer,
} from '../../../test/harness.test-kit.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const login = (lang = 'uk', body: Record<string, unknown>) => srv.client(lang).post('/login', body);

describe('POST /login', () => {
  it.each(Object.keys(DEMO_ACCOUNTS) as DemoRole[])(
    'signs in the demo %s and answers with role and abilities',
    async (role) => {
      const c = srv.client();
      const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.email).toBe(DEMO_ACCOUNTS[role]);
      expect(res.body.data.role).toMatchObject({ name: role, impersonated: false });
      expect(Array.isArray(res.body.data.abilities)).toBe(true);
      expect(res.body.data.password).toBeUndefined();
      const me = await c.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(res.body.data.id);
    },
  );

  it('gives the administrator id 1 and a Responsible their children', async () => {
    const admin = await login('uk', { email: 'admin@example.com', password: DEMO_PASSWORD });
    expect(admin.body.data.id).toBe(1);
    expect(admin.body.data.childs).toEqual([]);
    const parent = await login('uk', { email: 'parent@example.com', password: DEMO_PASSWORD });
    const childs = parent.body.data.childs as Array<{ full_name: string }>;
    expect(childs.length).toBeGreaterThanOrEqual(2);
    const student = await login('uk', { email: 'student@example.com', password: DEMO_PASSWORD });
    expect(parent.body.data.childs.map((c: { id: number }) => c.id)).toContain(student.body.data.id);
  });

  it("lists a Responsible's children the same at sign-in and on every later request: by first name, then id", async () => {
    const c = srv.client();
    const signIn = await c.post('/login', { email: DEMO_ACCOUNTS.Responsible, password: DEMO_PASSWORD });
    const me = await c.get('/api/user');
    const expected = await srv
      .knex('user_responsibles as ur')
      .join('users as u', 'u.id', 'ur.child_id')
      .join('users as p', 'p.id', 'ur.responsible_id')
      .where('p.email', DEMO_ACCOUNTS.Responsible)
      .orderBy([{ column: 'u.firstname' }, { column: 'u.id' }])
      .pluck('u.id');
    const ids = (body: { data: { childs: Array<{ id: number }> } }) =>
      body.data.childs.map((child) => child.id);
    expect(ids(signIn.body)).toEqual(expected);
    expect(ids(me.body)).toEqual(expected);
  });

  it('accepts the urlencoded and multipart forms the spec client sends', async () => {
    const form = new URLSearchParams({
      email: 'teacher@example.com',
      password: DEMO_PASSWORD,
      remember: '1',
    });
    const a = await srv.client().post('/login', form);
    expect(a.status).toBe(200);
    const fd = new FormData();
    fd.set('email', 'teacher@example.com');
    fd.set('password', DEMO_PASSWORD);
    const b = await srv.client().post('/login', fd);
    expect(b.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike, with the message in the asked language', async () => {
    const wrong = await login('uk', { email: 'teacher@example.com', password: 'not-the-password' });
    const unknown = await login('uk', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body.errors.email).toEqual(unknown.body.errors.email);
    const ru = await login('ru', { email: 'teacher@example.com', password: 'not-the-password' });
    expect(ru.body.errors.email[0]).not.toBe(wrong.body.errors.email[0]);
    expect(wrong.body.errors.email[0]).toMatch(/[а-яіїєґ]/i);
  });

  it('validates the body: 422 with field errors, not a crash', async () => {
    const res = await login('uk', { email: 'not-an-email', password: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password']);
    // A JSON array is no form at all: 400, like broken JSON (not an empty form's 422).
    const arrayBody = await srv.client().post('/login', '[1,2]', { 'Content-Type': 'application/json' });
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.message).toBeTruthy();
    const broken = await srv.client().post('/login', '{"email":', { 'Content-Type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBeTruthy();
  });

  it('refuses a state-changing call without X-Requested-With', async () => {
    const c = srv.client();
    c.xhr = false;
    const res = await c.post('/login', { email: 'teacher@example.com', password: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(c.cookies.size).toBe(0);
  });

  it('throttles after 5 failed tries a minute for one email, then answers 429 with a wait', async () => {
    const email = 'methodologist@example.com';
    for (let i = 0; i < 5; i++)
      expect((await login('uk', { email, password: 'wrong-pass' })).status).toBe(422);
    const locked = await login('uk', { email, password: DEMO_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/\d/);
    // Another account is not affected.
    expect((await login('uk', { email: 'manager@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('counts failed sign-ins per address across accounts (password spraying), not the successful ones (issue 27.4)', async () => {
    await srv.knex('rate_limits').delete();
    const max = srv.config.LOGIN_ADDRESS_MAX_FAILURES;
    // Successful sign-ins from the address are no failures.
    for (let i = 0; i < max; i++)
      expect((await login('uk', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status).toBe(200);
    // One wrong try at each of many accounts: no account reaches its own limit.
    for (let i = 0; i < max; i++)
      expect((await login('uk', { email: `sprayed${i}@example.com`, password: 'Spring2026!' })).status).toBe(
        422,
      );
    const locked = await login('ru', { email: 'sprayed-next@example.com', password: 'Spring2026!' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('throttled');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/[а-я].*\d/i);
    // Past the limit the address is refused even with a right password, until the window passes.
    expect((await login('uk', { email: 'manager@example.com', password: DEMO_PASSWORD })).status).toBe(429);
    await srv.knex('rate_limits').delete();
    expect((await login('uk', { email: 'manager@example.com', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('issues a new session id at every sign-in and keeps remember sessions long-lived', async () => {
    const c = srv.client();
    await c.post('/login', { email: 'manager@example.com', password: DEMO_PASSWORD });
    const first = c.cookies.get('school_session');
    const res = await c.post('/login', {
      email: 'manager@example.com',
      password: DEMO_PASSWORD,
      remember: true,
    });
    const second = c.cookies.get('school_session');
    expect(first && second && first !== second).toBe(true);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('school_session='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/expires=/i);
    // The session the client held before is gone on the server.
    const stale = srv.client();
    stale.cookies.set('school_session', first!);
    expect((await stale.get('/api/user')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 Unauthenticated. without a session, for real and made-up API paths', async () => {
    for (const path of ['/api/user', '/api/no-such-thing']) {
      const res = await srv.client('ru').get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('treats a tampered cookie as no session', async () => {
    const c = await srv.signInAs('Teacher');
    const token = c.cookies.get('school_session')!;
    c.cookies.set('school_session', token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const c = await srv.signInAs('Student');
    const token = c.cookies.get('school_session')!;
    expect((await c.post('/logout')).status).toBe(204);
    const replay = srv.client();
    replay.cookies.set('school_session', token);
    expect((await replay.get('/api/user')).status).toBe(401);
  });
});

describe('role switching', () => {
  it('lets the Administrator act as a Teacher and switch back', async () => {
    const c = await srv.signInAs('Administrator');
    const sw = await c.post('/api/role/switch', { role_id: 3 });
    expect(sw.status).toBe(200);
    expect(sw.body.data.role).toEqual({ id: 3, name: 'Teacher', impersonated: true });
    expect(sw.body.data.original_role_id).toBe(1);
    const me = await c.get('/api/user');
    expect(me.body.data.role.impersonated).toBe(true);
    // Impersonated sessions may switch again.
    expect((await c.post('/api/role/switch', { role_id: 2 })).body.data.role.name).toBe('Manager');
    const back = await c.post('/api/role/restore');
    expect(back.body.data.role).toEqual({ id: 1, name: 'Administrator', impersonated: false });
  });

  it('refuses switching to a Manager and bad role ids', async () => {
    const m = await srv.signInAs('Manager');
    expect((await m.post('/api/role/switch', { role_id: 3 })).status).toBe(403);
    const a = await srv.signInAs('Administrator');
    expect((await a.post('/api/role/switch', { role_id: 99 })).status).toBe(422);
    expect((await a.post('/api/role/switch', { role_id: 'x' })).status).toBe(422);
  });
});
