import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '@school/shared/i18n';
import { createApp, XHR_EXEMPT_PREFIXES } from '../app.js';
import { createLogger } from '../platform/logging/logger.js';
import { sha256 } from '../platform/security/secrets.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness.test-kit.js';
import {
  concreteRoutes,
  mapLimit,
  routesOf,
  STATE_CHANGING,
  type ConcreteRoute,
} from './app-routes.test-kit.js';
import { writeDrillResult } from './drill-results.test-kit.js';

/**
 * Drill: sessions and CSRF (issue #19, point 2). Every state-changing route of the app, read
 * from the routers the app mounts, refuses a cookie-authenticated call without X-Requested-With;
 * the session cookie's flags, its renewal at sign-in and its end at sign-out and password
 * change; the login throttle measured; iCal feed tokens. Figures: test-results/drills/.
 */

let srv: TestServer;
let admin: TestClient;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  // The per-address limit on failed sign-ins across accounts (auth.int.test.ts proves it) would
  // refuse this drill's later sign-ins after its many wrong passwords: out of the way here.
  srv = await startTestServer({ env: { LOGIN_ADDRESS_MAX_FAILURES: '1000' } });
  admin = await srv.signInAs('Administrator');
});
afterAll(async () => {
  writeDrillResult('sessions-csrf', figures);
  await srv?.close();
});

const sessionCookieOf = (res: { headers: Headers }) =>
  res.headers.getSetCookie().find((h) => h.startsWith('school_session='));
const attrs = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
const signIn = (c: TestClient, email: string, password = DEMO_PASSWORD, remember = false) =>
  c.post('/login', { email, password, remember });

describe('CSRF: X-Requested-With on every state-changing route', () => {
  it('refuses each one for the signed-in Administrator when the header is missing', async () => {
    // A second build of the same app, only to read its routers (same config, same modules).
    const { app } = createApp({ config: srv.config, knex: srv.knex, logger: createLogger('silent') });
    const all = routesOf(app);
    const writes = all.filter((r) => (STATE_CHANGING as readonly string[]).includes(r.method));
    // The routers were found at all (a Koa or @koa/router upgrade could hide them).
    expect(all.some((r) => r.method === 'GET' && r.pattern === '/api/user')).toBe(true);
    for (const known of [
      'POST /login',
      'POST /logout',
      'POST /api/ical-feeds',
      'PATCH /api/users/:id',
      'POST /api/:resource',
    ]) {
      expect(writes.map((r) => `${r.method} ${r.pattern}`)).toContain(known);
    }
    const targets = concreteRoutes(writes);
    const csrf = i18nFor('uk').t('errors.csrf');
    const cookie = { Cookie: `school_session=${admin.cookies.get('school_session')}` };
    const started = performance.now();
    const answers = await mapLimit(targets, 4, async (route: ConcreteRoute) => {
      // The client with xhr off is a cross-site form: the browser adds the cookie, nothing else.
      const res = await fetch(srv.url + route.path, {
        method: route.method,
        headers: {
          ...cookie,
          Accept: 'application/json',
          'Accept-Language': 'uk',
          'Content-Type': 'application/json',
        },
        body: '{}',
        redirect: 'manual',
      });
      const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
      return { route, status: res.status, code: body?.code, message: body?.message };
    });
    // Webhooks are exempt by design (secret-checked instead): a cookie alone must still get nowhere.
    const exempt = (path: string) => XHR_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
    const leaks = answers.filter((a) =>
      exempt(a.route.path)
        ? a.status < 400
        : a.status !== 403 || a.code !== 'forbidden' || a.message !== csrf,
    );
    expect(leaks.map((a) => `${a.route.method} ${a.route.path} -> ${a.status} ${a.code}`)).toEqual([]);
    // The session survived the sweep (no route signed it out) and was really a signed-in one.
    expect((await admin.get('/api/user')).body.data.email).toBe(DEMO_ACCOUNTS.Administrator);
    // `_method` on a POST is judged as the POST it is.
    const overridden = await fetch(`${srv.url}/api/users/2?_method=delete`, {
      method: 'POST',
      headers: cookie,
    });
    expect(overridden.status).toBe(403);
    figures.csrf = {
      router_patterns: writes.length,
      requests: targets.length,
      refused: answers.length - leaks.length,
      ms: Math.round(performance.now() - started),
    };
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, host-only, and lives with the browser unless remembered', async () => {
    const res = await signIn(srv.client(), DEMO_ACCOUNTS.Manager);
    const a = attrs(sessionCookieOf(res)!);
    expect(a).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(a.some((x) => x.startsWith('domain='))).toBe(false);
    expect(a.some((x) => x.startsWith('expires=') || x.startsWith('max-age='))).toBe(false);
    // Not Secure by default (the server speaks plain HTTP unless configured).
    expect(a).not.toContain('secure');
    const remembered = attrs(
      sessionCookieOf(await signIn(srv.client(), DEMO_ACCOUNTS.Manager, DEMO_PASSWORD, true))!,
    );
    expect(remembered.some((x) => x.startsWith('expires='))).toBe(true);
  });

  it('is Secure, with HSTS, when SESSION_COOKIE_SECURE is set (TLS ends at a proxy in front)', async () => {
    const secure = await startTestServer({ db: srv.db, env: { SESSION_COOKIE_SECURE: '1' } });
    try {
      const c = secure.client();
      const res = await signIn(c, DEMO_ACCOUNTS.Teacher);
      expect(res.status, res.text).toBe(200);
      expect(attrs(sessionCookieOf(res)!)).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const out = await c.post('/logout');
      expect(out.status).toBe(204);
      expect(attrs(sessionCookieOf(out)!)).toContain('secure');
    } finally {
      await secure.close();
    }
  });

  it('gets a new id at sign-in: a planted cookie is never promoted, a previous session is ended', async () => {
    const c = srv.client();
    const planted = randomBytes(32).toString('base64url');
    c.cookies.set('school_session', planted);
    expect((await c.get('/api/user')).status).toBe(401);
    await signIn(c, DEMO_ACCOUNTS.Student);
    const issued = c.cookies.get('school_session')!;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await srv
        .knex('sessions')
        .where({ id: sha256(planted) })
        .first(),
    ).toBeUndefined();
    // Signing in again (another account on the same browser) ends the first session on the server.
    await signIn(c, DEMO_ACCOUNTS.Responsible);
    expect(c.cookies.get('school_session')).not.toBe(issued);
    const replay = srv.client();
    replay.cookies.set('school_session', issued);
    expect((await replay.get('/api/user')).status).toBe(401);
    // Only the token's hash is stored.
    expect(await srv.knex('sessions').where({ id: issued }).first()).toBeUndefined();
  });

  it('ends at sign-out on the server (the cookie replayed is anonymous), other devices stay signed in', async () => {
    const laptop = srv.client();
    const phone = srv.client();
    await signIn(laptop, DEMO_ACCOUNTS.Methodologist);
    await signIn(phone, DEMO_ACCOUNTS.Methodologist);
    const token = laptop.cookies.get('school_session')!;
    const out = await laptop.post('/logout');
    expect(out.status).toBe(204);
    expect(
      attrs(sessionCookieOf(out)!).some((x) => x === 'max-age=0' || x.startsWith('expires=thu, 01 jan 1970')),
    ).toBe(true);
    const replay = srv.client();
    replay.cookies.set('school_session', token);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(200);
  });

  it('a password change ends every other session of the user, keeps the one that changed it', async () => {
    const email = DEMO_ACCOUNTS.Teacher;
    const [here, there, elsewhere] = [srv.client(), srv.client(), srv.client()];
    for (const c of [here, there, elsewhere]) expect((await signIn(c, email)).status).toBe(200);
    const other = await srv.signInAs('Responsible');
    const id = (await here.get('/api/user')).body.data.id as number;
    const newPassword = 'drill-new-pass-42';
    const res = await here.patch(`/api/users/${id}`, {
      current_password: DEMO_PASSWORD,
      new_password: newPassword,
      new_password_confirmation: newPassword,
    });
    expect(res.status, res.text).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await there.get('/api/user')).status).toBe(401);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    // Another user's session is not touched.
    expect((await other.get('/api/user')).status).toBe(200);
    expect((await signIn(srv.client(), email)).status).toBe(422);
    expect((await signIn(srv.client(), email, newPassword)).status).toBe(200);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after the configured wrong passwords, the right one included', async () => {
    const email = 'throttle-drill@example.com';
    const statuses: number[] = [];
    const wrongMs: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < srv.config.LOGIN_MAX_ATTEMPTS + 2; i++) {
      const t = performance.now();
      const res = await signIn(srv.client(), email, 'wrong-password');
      if (res.status === 422) wrongMs.push(performance.now() - t);
      if (res.status === 429) retryAfter = Number(res.headers.get('retry-after'));
      statuses.push(res.status);
    }
    const firstLocked = statuses.indexOf(429) + 1;
    expect(firstLocked).toBe(srv.config.LOGIN_MAX_ATTEMPTS + 1);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(srv.config.LOGIN_DECAY_SECONDS);
    figures.login_throttle = {
      max_attempts: srv.config.LOGIN_MAX_ATTEMPTS,
      window_seconds: srv.config.LOGIN_DECAY_SECONDS,
      first_429_at_attempt: firstLocked,
      retry_after_seconds: retryAfter,
      wrong_password_ms_median: Math.round(median(wrongMs)),
    };
  });

  it('holds against a burst: parallel wrong passwords get no more password checks than the limit', async () => {
    const email = DEMO_ACCOUNTS.Manager;
    const burst = 20;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => signIn(srv.client(), email, 'wrong-password')),
    );
    const checked = answers.filter((r) => r.status === 422).length;
    const locked = answers.filter((r) => r.status === 429).length;
    figures.login_burst = { parallel_attempts: burst, password_checks: checked, refused_429: locked };
    expect(checked + locked).toBe(burst);
    expect(checked).toBeLessThanOrEqual(srv.config.LOGIN_MAX_ATTEMPTS);
    // The right password is refused too while the account is locked for this address.
    expect((await signIn(srv.client(), email)).status).toBe(429);
  });

  it('holds the same way for guesses of the current password from a signed-in session', async () => {
    const c = await srv.signInAs('Student');
    const id = (await c.get('/api/user')).body.data.id as number;
    const burst = 12;
    const guess = {
      current_password: 'wrong-password',
      new_password: 'whatever-99',
      new_password_confirmation: 'whatever-99',
    };
    const answers = await Promise.all(
      Array.from({ length: burst }, () => c.patch(`/api/users/${id}`, guess)),
    );
    const checked = answers.filter((r) => r.status === 422).length;
    figures.password_change_burst = { parallel_attempts: burst, password_checks: checked };
    expect(checked + answers.filter((r) => r.status === 429).length).toBe(burst);
    expect(checked).toBeLessThanOrEqual(srv.config.LOGIN_MAX_ATTEMPTS);
  });
});

describe('iCal feed tokens', () => {
  it('are 256-bit random, stored only as a hash, unique per issue, and revocable', async () => {
    const c = await srv.signInAs('Administrator');
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.post('/api/ical-feeds');
      expect(res.status).toBe(201);
      const m = /\/ical\/([A-Za-z0-9_-]+)\.ics$/.exec(res.body.data.url as string);
      tokens.push(m![1]!);
    }
    for (const t of tokens) {
      expect(Buffer.from(t, 'base64url').length).toBe(32);
      expect(await srv.knex('ical_feeds').where({ token_hash: t }).first()).toBeUndefined();
      expect(
        await srv
          .knex('ical_feeds')
          .where({ token_hash: sha256(t) })
          .first(),
      ).toBeDefined();
    }
    expect(new Set(tokens).size).toBe(3);
    const fetchFeed = (t: string) => fetch(`${srv.url}/ical/${t}.ics`).then((r) => r.status);
    // Issuing again rotates: only the latest URL works.
    expect(await fetchFeed(tokens[2]!)).toBe(200);
    expect(await fetchFeed(tokens[0]!)).toBe(404);
    expect(await fetchFeed(tokens[1]!)).toBe(404);
    // A near miss is nothing.
    const last = tokens[2]!;
    expect(await fetchFeed(last.slice(0, -1) + (last.endsWith('A') ? 'B' : 'A'))).toBe(404);
    expect((await c.delete('/api/ical-feeds')).status).toBe(204);
    expect(await fetchFeed(last)).toBe(404);
    expect((await c.get('/api/ical-feeds')).body.data.active).toBe(false);
    figures.ical = {
      token_bits: 256,
      encoding: 'base64url',
      stored: 'sha256',
      rotate_revokes_old: true,
      revoke: 'DELETE /api/ical-feeds',
    };
  });
});

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
