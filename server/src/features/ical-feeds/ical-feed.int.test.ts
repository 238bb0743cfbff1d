import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../platform/logging/logger.js';
import { sha256 } from '../../platform/security/secrets.js';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoRole,
  TestClient,
  useTestDatabase,
} from '../../../test/harness.test-kit.js';
import { unfoldLines } from './ical-format.js';

/** The feed over real HTTP, read the way a calendar app reads it. */

const APP_URL = 'https://school.example.org';
const db = useTestDatabase();
let server: Server;
let baseUrl: string;
let staticDir: string;

async function signIn(role: DemoRole) {
  const c = new TestClient(baseUrl);
  const res = await c.post('/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return c;
}

async function issueFeed(client: TestClient): Promise<{ url: string; path: string; token: string }> {
  const res = await client.post('/api/ical-feeds');
  expect(res.status, res.text).toBe(201);
  const url: string = res.body.data.url;
  const m = /^https:\/\/school\.example\.org(\/ical\/([A-Za-z0-9_-]+)\.ics)$/.exec(url);
  expect(m).not.toBeNull();
  return { url, path: m![1]!, token: m![2]! };
}

interface FeedEvent {
  [prop: string]: string;
}

/** Fetches without any session and checks the framing every line must respect. */
async function readFeed(
  feedPath: string,
): Promise<{ status: number; lines: string[]; events: FeedEvent[]; raw: string }> {
  const res = await fetch(baseUrl + feedPath);
  const raw = await res.text();
  if (res.status !== 200) return { status: res.status, lines: [], events: [], raw };
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(raw.endsWith('\r\n')).toBe(true);
  const physical = raw.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  }
  const lines = unfoldLines(raw.slice(0, -2));
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  const events: FeedEvent[] = [];
  let current: FeedEvent | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const i = line.indexOf(':');
      current[line.slice(0, i)] = line.slice(i + 1);
    }
  }
  return { status: 200, lines, events, raw };
}

const studyIdOf = (e: FeedEvent) => Number(/^study-(\d+)@school$/.exec(e.UID!)![1]);

async function userId(email: string): Promise<number> {
  return (await db.knex('users').where({ email }).first('id')).id;
}

async function studiesInWindow(userIds: number[]): Promise<number[]> {
  const rows = await db
    .knex('study_user')
    .whereIn('user_id', userIds)
    .whereRaw(`period && tstzrange(now() - interval '60 days', now() + interval '180 days')`)
    .distinct('study_id');
  return rows.map((r) => r.study_id as number).sort((a, b) => a - b);
}

beforeAll(async () => {
  // An empty static directory: the single-page-app fallback must not shadow the feed here.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ical-static-'));
  const config = loadConfig(process.env, {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    APP_URL,
    STATIC_FAMILY_DIR: staticDir,
    STATIC_STAFF_DIR: staticDir,
  });
  const { app } = createApp({ config, knex: db.knex, logger: createLogger('silent') });
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('managing the feed', () => {
  it('needs a session and the X-Requested-With header', async () => {
    expect((await new TestClient(baseUrl).post('/api/ical-feeds')).status).toBe(401);
    const c = await signIn('Teacher');
    c.xhr = false;
    expect((await c.post('/api/ical-feeds')).status).toBe(403);
  });

  it('stores only the hash; rotating kills the old URL, revoking the new one', async () => {
    const c = await signIn('Teacher');
    expect((await c.get('/api/ical-feeds')).body.data).toEqual({ active: false, created_at: null });
    const first = await issueFeed(c);
    const rows = await db.knex('ical_feeds').where({ user_id: await userId('teacher@example.com') });
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(first.token)]);
    expect(JSON.stringify(rows)).not.toContain(first.token);
    expect((await readFeed(first.path)).status).toBe(200);

    const second = await issueFeed(c);
    expect(second.token).not.toBe(first.token);
    expect((await readFeed(first.path)).status).toBe(404);
    expect((await readFeed(second.path)).status).toBe(200);
    expect((await c.get('/api/ical-feeds')).body.data.active).toBe(true);

    expect((await c.delete('/api/ical-feeds')).status).toBe(204);
    expect((await readFeed(second.path)).status).toBe(404);
    expect((await c.get('/api/ical-feeds')).body.data.active).toBe(false);
  });

  it('answers 404 for unknown, malformed or deactivated feeds', async () => {
    expect((await readFeed('/ical/' + 'A'.repeat(43) + '.ics')).status).toBe(404);
    expect((await readFeed('/ical/short.ics')).status).toBe(404);
    expect((await readFeed('/ical/' + 'A'.repeat(43))).status).toBe(404);
    const c = await signIn('Methodologist');
    const feed = await issueFeed(c);
    expect((await readFeed(feed.path)).status).toBe(200);
    await db.knex('users').where({ email: 'methodologist@example.com' }).update({ active: false });
    expect((await readFeed(feed.path)).status).toBe(404);
    await db.knex('users').where({ email: 'methodologist@example.com' }).update({ active: true });
  });
});

describe('the feed dies with the account\'s trust (docs/permissions.md, "iCal feeds")', () => {
  it('a password change revokes the feed; a new one can be issued', async () => {
    const c = await signIn('Student');
    const feed = await issueFeed(c);
    expect((await readFeed(feed.path)).status).toBe(200);
    const me = (await c.get('/api/user')).body.data;
    const changed = await c.post(`/api/users/${me.id}`, {
      _method: 'patch',
      current_password: DEMO_PASSWORD,
      new_password: 'student-new-1',
      new_password_confirmation: 'student-new-1',
    });
    expect(changed.status).toBe(200);
    expect((await readFeed(feed.path)).status).toBe(404);
    expect((await c.get('/api/ical-feeds')).body.data.active).toBe(false);
    const fresh = await issueFeed(c);
    expect((await readFeed(fresh.path)).status).toBe(200);
    // Later tests sign in with the demo password: put it back (the demo hashes are all alike).
    const demo = await db.knex('users').where({ email: DEMO_ACCOUNTS.Administrator }).first('password');
    await db.knex('users').where({ id: me.id }).update({ password: demo.password });
  });

  it('deactivation revokes the feed: reactivating the account does not bring the old URL back', async () => {
    const parent = await signIn('Responsible');
    const feed = await issueFeed(parent);
    expect((await readFeed(feed.path)).status).toBe(200);
    const admin = await signIn('Administrator');
    const id = await userId(DEMO_ACCOUNTS.Responsible);
    expect((await admin.patch(`/api/users/${id}`, { active: false })).status).toBe(200);
    expect((await readFeed(feed.path)).status).toBe(404);
    expect((await admin.patch(`/api/users/${id}`, { active: true })).status).toBe(200);
    expect((await readFeed(feed.path)).status).toBe(404);
    // Other edits (a name) leave a live feed alone.
    const again = await issueFeed(await signIn('Responsible'));
    expect((await admin.patch(`/api/users/${id}`, { zoom: 'https://zoom.us/j/1' })).status).toBe(200);
    expect((await readFeed(again.path)).status).toBe(200);
  });
});

describe('feed content', () => {
  it("a teacher's feed: every study of the window, once, in UTC, with the students' names", async () => {
    const teacher = await userId('teacher@example.com');
    const feed = await issueFeed(await signIn('Teacher'));
    const { events } = await readFeed(feed.path);
    expect(events.map(studyIdOf).sort((a, b) => a - b)).toEqual(await studiesInWindow([teacher]));
    const one = events[0]!;
    expect(one.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    expect(one.DTEND).toMatch(/^\d{8}T\d{6}Z$/);
    expect(one['LAST-MODIFIED']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(one.SEQUENCE).toMatch(/^\d+$/);
    const sid = studyIdOf(one);
    const students = await db
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where({ 'su.study_id': sid, 'su.role_id': 4 })
      .select('u.full_name', 'u.firstname');
    const type = await db
      .knex('studies as s')
      .join('study_types as t', 't.id', 's.type_id')
      .where('s.id', sid)
      .first('t.name');
    expect(one.SUMMARY).toContain(type.name);
    for (const s of students) expect(one.SUMMARY).toContain(s.full_name);
  });

  it('a moved study shows its new time and a higher SEQUENCE', async () => {
    const feed = await issueFeed(await signIn('Teacher'));
    const before = await readFeed(feed.path);
    const future = before.events.find((e) => e.DTSTART! > new Date().toISOString().replace(/[-:]/g, ''))!;
    const id = studyIdOf(future);
    const row = await db.knex('studies').where({ id }).first('start', 'end');
    // 03:17 UTC, 170 days ahead: nobody in the demo school has a lesson then.
    const start = new Date(Date.now() + 170 * 86_400_000);
    start.setUTCHours(3, 17, 0, 0);
    const end = new Date(start.getTime() + (row.end.getTime() - row.start.getTime()));
    await new Promise((r) => setTimeout(r, 1100));
    const admin = await signIn('Administrator');
    const res = await admin.patch(`/api/studies/${id}`, { start: start.toISOString() });
    expect(res.status, res.text).toBe(200);

    const after = await readFeed(feed.path);
    const moved = after.events.find((e) => studyIdOf(e) === id)!;
    expect(moved.DTSTART).toBe(
      start
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    expect(moved.DTEND).toBe(
      end
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
    expect(Number(moved.SEQUENCE)).toBeGreaterThan(Number(future.SEQUENCE));
    expect(moved['LAST-MODIFIED']! > future['LAST-MODIFIED']!).toBe(true);
    expect(moved.UID).toBe(future.UID);
  });

  it("a parent's feed lists only their children's studies, with the teacher and the child", async () => {
    const parent = await userId('parent@example.com');
    const children = (
      await db.knex('user_responsibles').where({ responsible_id: parent }).select('child_id')
    ).map((r) => r.child_id);
    expect(children.length).toBeGreaterThan(0);
    const feed = await issueFeed(await signIn('Responsible'));
    const { events } = await readFeed(feed.path);
    const ids = events.map(studyIdOf).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await studiesInWindow([parent, ...children]));
    const withChild = await db
      .knex('study_user')
      .whereIn('study_id', ids)
      .whereIn('user_id', children)
      .distinct('study_id');
    expect(withChild).toHaveLength(ids.length);

    const sid = ids[0]!;
    const people = await db
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('su.study_id', sid)
      .select('su.user_id', 'su.role_id', 'u.firstname', 'u.patronymic', 'u.full_name');
    const summary = events.find((e) => studyIdOf(e) === sid)!.SUMMARY!;
    const teacher = people.find((p) => p.role_id === 3 || p.role_id === 7)!;
    expect(summary).toContain([teacher.firstname, teacher.patronymic].filter(Boolean).join(' '));
    expect(summary).not.toContain(teacher.full_name);
    const child = people.find((p) => children.includes(p.user_id))!;
    expect(summary).toContain(`(${child.firstname})`);
  });

  it('escapes commas, semicolons and newlines in text', async () => {
    const student = await userId('student@example.com');
    const feed = await issueFeed(await signIn('Student'));
    const { events } = await readFeed(feed.path);
    const sid = studyIdOf(events[0]!);
    const { type_id } = await db.knex('studies').where({ id: sid }).first('type_id');
    await db.knex('study_types').where({ id: type_id }).update({ name: 'Група; міні,\nвечір' });
    const { events: again, raw } = await readFeed(feed.path);
    expect(again.find((e) => studyIdOf(e) === sid)!.SUMMARY!.startsWith('Група\\; міні\\,\\nвечір: ')).toBe(
      true,
    );
    expect(raw).not.toContain('Група; міні');
    expect(student).toBeGreaterThan(0);
  });
});
