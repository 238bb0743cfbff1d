import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../test/harness.test-kit.js';

/** Issue 10.6: a wrong current password is throttled like a wrong sign-in. */
const MAX = 3;
// Long enough that four sign-ins (argon2) on a loaded machine still fall inside one window.
const DECAY_SECONDS = 5;
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({
    env: { LOGIN_MAX_ATTEMPTS: String(MAX), LOGIN_DECAY_SECONDS: String(DECAY_SECONDS) },
  });
});
afterAll(() => srv.close());

const change = (current: string, next: string) => ({
  _method: 'patch',
  current_password: current,
  new_password: next,
  new_password_confirmation: next,
});

describe('password change throttle', () => {
  it(`after ${MAX} wrong current passwords even the right one is refused (429) until the window passes`, async () => {
    const c = await srv.signInAs('Teacher', 'en');
    const me = (await c.get('/api/user')).body.data;
    for (let i = 0; i < MAX; i++) {
      const wrong = await c.post(`/api/users/${me.id}`, change(`wrong-guess-${i}`, 'teacher-new-1'));
      expect(wrong.status).toBe(422);
    }
    const locked = await c.post(`/api/users/${me.id}`, change(DEMO_PASSWORD, 'teacher-new-1'));
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('throttled');
    expect(locked.body.message).toMatch(/^Too many attempts\. Please try again in \d+ s\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another session of the same account is held too: the count is the account's.
    const other = await srv.signInAs('Teacher');
    expect((await other.post(`/api/users/${me.id}`, change(DEMO_PASSWORD, 'teacher-new-1'))).status).toBe(
      429,
    );
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: DEMO_PASSWORD })).status,
    ).toBe(200);

    await new Promise((r) => setTimeout(r, DECAY_SECONDS * 1000 + 200));
    const ok = await c.post(`/api/users/${me.id}`, change(DEMO_PASSWORD, 'teacher-new-1'));
    expect(ok.status).toBe(200);
    expect(
      (await srv.client().post('/login', { email: 'teacher@example.com', password: 'teacher-new-1' })).status,
    ).toBe(200);
  });

  it("one account's wrong guesses do not hold another account, and a success starts the count again", async () => {
    const c = await srv.signInAs('Methodologist');
    const me = (await c.get('/api/user')).body.data;
    for (let i = 0; i < MAX - 1; i++)
      expect((await c.post(`/api/users/${me.id}`, change('nope-nope', 'method-new-1'))).status).toBe(422);
    expect((await c.post(`/api/users/${me.id}`, change(DEMO_PASSWORD, 'method-new-1'))).status).toBe(200);
    for (let i = 0; i < MAX - 1; i++)
      expect((await c.post(`/api/users/${me.id}`, change('nope-nope', 'method-new-2'))).status).toBe(422);
    expect((await c.post(`/api/users/${me.id}`, change('method-new-1', 'method-new-2'))).status).toBe(200);
    const student = await srv.signInAs('Student');
    const sid = (await student.get('/api/user')).body.data.id;
    expect((await student.post(`/api/users/${sid}`, change(DEMO_PASSWORD, 'student-new-1'))).status).toBe(
      200,
    );
  });
});
