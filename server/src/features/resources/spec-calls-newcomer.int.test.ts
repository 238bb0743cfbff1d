import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';
import type { TestResponse } from '../../../test/test-client.test-kit.js';

/**
 * Spec §7 calls sent the way a newcomer types them (curl, fetch with a literal path, a wrong method,
 * an unknown address): every answer is the JSON error envelope in the request's language, never a
 * bare text 405, the app shell's HTML or a 500.
 */
let srv: TestServer;
let staticDir: string;
let manager: TestClient;
let teacher: TestClient;

beforeAll(async () => {
  // A known app shell, so that "not the HTML" is tested whatever the web bundles' build state.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newcomer-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  srv = await startTestServer({ env: { STATIC_FAMILY_DIR: staticDir, STATIC_STAFF_DIR: staticDir } });
  manager = await srv.signInAs('Manager');
  teacher = await srv.signInAs('Teacher');
});

afterAll(async () => {
  await srv.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function expectEnvelope(res: TestResponse, status: number, code: string, what: string): void {
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(status);
  expect(res.headers.get('content-type'), what).toContain('application/json');
  expect(res.body.code, what).toBe(code);
  expect(typeof res.body.message, what).toBe('string');
}

describe('a path answered with another method', () => {
  it('PUT api/studies/{id}/recordings (the list is read with GET and saved with POST) is the JSON 405, in the caller language', async () => {
    const study = await srv.knex('studies').orderBy('id').first('id');
    const form = new FormData();
    form.set('metadata', JSON.stringify({ study_id: study.id, parts: [] }));
    const uk = await manager.request('PUT', `/api/studies/${study.id}/recordings`, form);
    expectEnvelope(uk, 405, 'method_not_allowed', 'upload uk');
    manager.lang = 'ru';
    const ru = await manager.request('PUT', `/api/studies/${study.id}/recordings`, form);
    manager.lang = 'uk';
    expectEnvelope(ru, 405, 'method_not_allowed', 'upload ru');
    expect(ru.body.message).not.toBe(uk.body.message);
  });

  it('other read-only addresses of §7 and the public auth routes answer the same envelope', async () => {
    const calls: Array<[string, string]> = [
      ['DELETE', '/api/studies'],
      ['PUT', '/api/roles'],
      ['GET', '/api/users/1/notify'],
      ['POST', '/api/subscriptions/1/next-study-date'],
      ['PUT', '/login'],
      ['GET', '/logout'],
    ];
    for (const [method, p] of calls)
      expectEnvelope(await manager.request(method, p), 405, 'method_not_allowed', `${method} ${p}`);
  });
});

describe('GET /viber/disconnect and /telegram/disconnect', () => {
  it('answer the JSON envelope to the API call, the app shell only to a browser navigation', async () => {
    for (const p of ['/viber/disconnect', '/telegram/disconnect']) {
      const res = await manager.get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toContain('application/json');
      expect(res.body.data.bots_connected, p).toEqual({ telegram: false, viber: false });
      expect(res.text).not.toContain('<div id="root"');
    }
    const browser = Object.assign(srv.client(), { xhr: false });
    const page = await browser.get('/settings');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root"');
  });
});

describe('an address nothing answers', () => {
  it('says there is no such address (not "record not found"), in the caller language', async () => {
    const study = await srv.knex('studies').orderBy('id').first('id');
    const unknown = await manager.get('/api/analytics/monthly');
    expectEnvelope(unknown, 404, 'not_found', 'unknown path');
    expect(unknown.body.message).toBe('Такої адреси немає.');
    manager.lang = 'ru';
    const ru = await manager.get('/api/analytics/monthly');
    manager.lang = 'uk';
    expect(ru.body.message).toBe('Такого адреса нет.');
    // A missing row on a real address keeps its own message.
    const missing = await manager.get(`/api/studies/${study.id + 1_000_000}/recordings`);
    expectEnvelope(missing, 404, 'not_found', 'missing study');
    expect(missing.body.message).toBe('Запис не знайдено.');
  });
});

describe('values PostgreSQL text cannot hold', () => {
  it('a NUL character in a filter or a written text is 400, not 500', async () => {
    expectEnvelope(await manager.get('/api/users?filter[full_name]=%00'), 400, 'bad_request', 'filter');
    expectEnvelope(await manager.get('/api/users?having[full_name]=%00%25'), 400, 'bad_request', 'having');
    const study = await srv
      .knex('study_user as su')
      .join('users as u', 'u.id', 'su.user_id')
      .where('u.email', 'teacher@example.com')
      .orderBy('su.study_id')
      .first('su.study_id as id');
    const form = new FormData();
    form.set('_method', 'patch');
    form.set('comment', 'a\u0000b');
    expectEnvelope(await teacher.post(`/api/studies/${study.id}`, form), 400, 'bad_request', 'comment');
  });
});

describe('"text followed by %" typed unencoded (spec part 1 §7 subscription search, part 2 §7 user search)', () => {
  it('a literal % after Cyrillic text is the same pattern as its %25 form', async () => {
    const payer = await srv
      .knex('contracts as c')
      .join('users as p', 'p.id', 'c.payer_id')
      .orderBy('c.id')
      .first('p.full_name');
    const prefix = String(payer.full_name).slice(0, 4);
    const base = '/api/subscriptions?with[]=contract.payer&withHaving[contract.payer.full_name]=';
    // fetch encodes the letters and leaves the `%` as typed, as curl --url-query or a browser would.
    const typed = await manager.get(`${base}${prefix}%`);
    const encoded = await manager.get(`${base}${encodeURIComponent(prefix)}%25`);
    expect(encoded.body.data.length).toBeGreaterThan(0);
    expect(typed.status).toBe(200);
    expect(typed.body.data.map((s: { id: number }) => s.id)).toEqual(
      encoded.body.data.map((s: { id: number }) => s.id),
    );
    for (const s of typed.body.data) expect(s.contract.payer.full_name.startsWith(prefix)).toBe(true);

    const users = await manager.get(`/api/users?having[full_name]=${prefix}%&select[]=full_name`);
    expect(users.body.data.length).toBeGreaterThan(0);
    for (const u of users.body.data) expect(u.full_name.startsWith(prefix)).toBe(true);
    // A valid escape stays an escape; a stray % in an ASCII value is still literal.
    const ids = await manager.get('/api/users?filter[id]=%1%&select[]=id');
    expect(ids.status).toBe(200);
    for (const u of ids.body.data) expect(String(u.id)).toContain('1');
  });
});
