import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, findResource, type ResourceDef } from '@school/shared/resources';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.test-kit.js';

/**
 * Issue 10.5, registry-wide: every writable string field of every writable resource (and the
 * string fields of rows written through a writable relation, such as a user's phones) refuses a
 * 100,000-character value with 422 and the field's "too long" message in the user's language,
 * and nothing is written. The limits themselves live in the shared schemas (text-limits.ts).
 */
const LONG = 100_000;
const TOO_LONG_EN = /must not be greater than \d+ characters/;

interface Target {
  resource: ResourceDef;
  /** The body key, and the error key the answer names. */
  key: string;
  errorKey: string;
  body: (value: string) => Record<string, unknown>;
  email: boolean;
  digits: boolean;
}

const isText = (type: string) => type === 'string' || type === 'text';

function targets(): Target[] {
  const list: Target[] = [];
  for (const resource of Object.values(RESOURCES)) {
    if (!resource.operations.some((op) => op === 'create' || op === 'update')) continue;
    for (const [name, def] of Object.entries(resource.fields)) {
      if (!def.writable || def.commandOnly || !isText(def.type)) continue;
      list.push({
        resource,
        key: name,
        errorKey: name,
        body: (v) => ({ [name]: v }),
        email: name === 'email',
        digits: false,
      });
    }
    for (const [name, rel] of Object.entries(resource.relations ?? {})) {
      if (!rel.writable || rel.kind !== 'hasMany') continue;
      for (const [col, def] of Object.entries(findResource(rel.resource)?.fields ?? {})) {
        if (def.hidden || def.commandOnly || !isText(def.type)) continue;
        list.push({
          resource,
          key: `${name}.${col}`,
          errorKey: `${name}.0.${col}`,
          body: (v) => ({ [name]: [{ [col]: v }] }),
          email: false,
          digits: col === 'phone',
        });
      }
    }
  }
  return list;
}

const valueFor = (t: Target) =>
  t.email ? `${'a'.repeat(LONG)}@example.com` : t.digits ? '1'.repeat(LONG) : 'a'.repeat(LONG);

let srv: TestServer;
let admin: TestClient;
beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.signInAs('Administrator', 'en');
});
afterAll(() => srv.close());

describe('text limits on every writable string field', () => {
  const all = targets();

  it('covers the fields the probe found unbounded', () => {
    expect(all.map((t) => `${t.resource.name}.${t.key}`)).toEqual(
      expect.arrayContaining([
        'users.email',
        'users.password',
        'users.firstname',
        'users.zoom',
        'users.phones.phone',
        'study_reports.content',
        'study_messages.content',
        'studies.comment',
      ]),
    );
  });

  it.each(
    all
      .filter((t) => t.resource.operations.includes('update'))
      .map((t) => [`${t.resource.name}.${t.key}`, t] as const),
  )('update %s: 422, the field named, nothing written', async (_label, t) => {
    const row = await srv.knex(t.resource.table).orderBy('id', 'desc').first();
    const res = await admin.patch(`/api/${t.resource.name}/${row.id}`, t.body(valueFor(t)));
    expect(res.status).toBe(422);
    expect(res.body.errors[t.errorKey]?.[0]).toMatch(TOO_LONG_EN);
    expect(await srv.knex(t.resource.table).where({ id: row.id }).first()).toEqual(row);
  });

  it.each(
    all
      .filter((t) => t.resource.operations.includes('create'))
      .map((t) => [`${t.resource.name}.${t.key}`, t] as const),
  )('create %s: 422, the field named, nothing written', async (_label, t) => {
    const count = async () => Number((await srv.knex(t.resource.table).count('* as n'))[0].n);
    const before = await count();
    const res = await admin.post(`/api/${t.resource.name}`, t.body(valueFor(t)));
    expect(res.status).toBe(422);
    expect(res.body.errors[t.errorKey]?.[0]).toMatch(TOO_LONG_EN);
    expect(await count()).toBe(before);
  });

  it('the user form refuses a long email and password with a form body too, in Russian', async () => {
    const c = await srv.signInAs('Manager', 'ru');
    const student = await srv.knex('users').where({ email: 'student@example.com' }).first();
    const form = new URLSearchParams({
      _method: 'patch',
      email: `${'a'.repeat(LONG)}@example.com`,
      password: 'p'.repeat(LONG),
      notes: 'n'.repeat(LONG),
    });
    const res = await c.post(`/api/users/${student.id}`, form);
    expect(res.status).toBe(422);
    expect(res.body.errors.email[0]).toMatch(/[а-я]/i);
    expect(res.body.errors.password[0]).toMatch(/255/);
    expect(res.body.errors.notes[0]).toMatch(/5000/);
    expect(await srv.knex('users').where({ id: student.id }).first()).toEqual(student);
  });

  it('sign-in, reset and password change refuse over-long strings with 422', async () => {
    const long = 'p'.repeat(LONG);
    expect((await srv.client().post('/login', { email: 'student@example.com', password: long })).status).toBe(
      422,
    );
    expect(
      (await srv.client().post('/password/email', { email: `${'a'.repeat(LONG)}@example.com` })).status,
    ).toBe(422);
    const c = await srv.signInAs('Teacher');
    const me = (await c.get('/api/user')).body.data;
    const change = await c.post(`/api/users/${me.id}`, {
      _method: 'patch',
      current_password: long,
      new_password: long,
      new_password_confirmation: long,
    });
    expect(change.status).toBe(422);
    expect(Object.keys(change.body.errors)).toEqual(
      expect.arrayContaining(['current_password', 'new_password']),
    );
  });
});
