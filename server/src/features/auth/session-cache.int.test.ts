import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness.js';

/**
 * The per-process session cache (session-cache.ts): a known session costs no statement, and
 * whatever changes what it may see or who it is shows on the very next request, whether the
 * change came through the API or as SQL by hand (the database announces it on session_changes).
 */

let server: TestServer;
let teacherId: number;

/** Statements the server's knex sends while `fn` runs, as SQL texts. */
async function statements(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  server.knex.on('query', listener);
  try {
    await fn();
  } finally {
    server.knex.removeListener('query', listener);
  }
  return seen;
}

const sessionReads = (sql: string[]) => sql.filter((s) => /from "sessions"|from "users" where "id"/.test(s));

beforeAll(async () => {
  server = await startTestServer({ realtime: true });
  teacherId = (await server.knex('users').where({ email: 'teacher@example.com' }).first('id')).id;
});

afterAll(async () => {
  await server?.close();
});

async function signedInTeacher(): Promise<TestClient> {
  const c = await server.signInAs('Teacher');
  expect((await c.get('/api/user')).status).toBe(200);
  return c;
}

describe('session cache', () => {
  it('reads a known session without any statement', async () => {
    const teacher = await signedInTeacher();
    const sql = await statements(() => teacher.get('/api/user'));
    expect(sessionReads(sql)).toEqual([]);
  });

  it('a role changed by hand in SQL shows on the very next request, abilities included', async () => {
    const teacher = await signedInTeacher();
    const before = (await teacher.get('/api/user')).body.data ?? (await teacher.get('/api/user')).body;
    expect(before.role_id).toBe(3);
    await server.knex('users').where({ id: teacherId }).update({ role_id: 2 });
    try {
      const after = (await teacher.get('/api/user')).body;
      const user = after.data ?? after;
      expect(user.role_id).toBe(2);
      expect(user.abilities).not.toEqual(before.abilities);
    } finally {
      await server.knex('users').where({ id: teacherId }).update({ role_id: 3 });
    }
    const back = (await teacher.get('/api/user')).body;
    expect((back.data ?? back).role_id).toBe(3);
  });

  it('a name changed by hand shows on the very next request', async () => {
    const teacher = await signedInTeacher();
    const old = (await server.knex('users').where({ id: teacherId }).first('firstname')).firstname;
    await server.knex('users').where({ id: teacherId }).update({ firstname: 'Cachetest' });
    try {
      const body = (await teacher.get('/api/user')).body;
      expect((body.data ?? body).firstname).toBe('Cachetest');
    } finally {
      await server.knex('users').where({ id: teacherId }).update({ firstname: old });
    }
  });

  it('a role switch through the API shows on the very next request', async () => {
    const admin = await server.signInAs('Administrator');
    expect((await admin.get('/api/user')).status).toBe(200);
    expect((await admin.post('/api/role/switch', { role_id: 3 })).status).toBe(200);
    const switched = (await admin.get('/api/user')).body;
    expect((switched.data ?? switched).role_id).toBe(3);
    // The switched role's abilities: a Teacher does not list users' contracts.
    expect((await admin.get('/api/contracts?page=1&perpage=5')).status).toBe(403);
    expect((await admin.post('/api/role/restore')).status).toBe(200);
    expect((await admin.get('/api/contracts?page=1&perpage=5')).status).toBe(200);
  });

  it('a deactivated user, a deleted session and a password change sign out on the very next request', async () => {
    const teacher = await signedInTeacher();
    await server.knex('users').where({ id: teacherId }).update({ active: false });
    try {
      expect((await teacher.get('/api/user')).status).toBe(401);
    } finally {
      await server.knex('users').where({ id: teacherId }).update({ active: true });
    }
    const again = await signedInTeacher();
    await server.knex('sessions').where({ user_id: teacherId }).delete();
    expect((await again.get('/api/user')).status).toBe(401);

    const third = await signedInTeacher();
    const other = await signedInTeacher();
    const changed = await third.patch(`/api/users/${teacherId}`, {
      current_password: 'demo12345',
      new_password: 'Demo12345x!',
      new_password_confirmation: 'Demo12345x!',
    });
    expect(changed.status).toBeLessThan(300);
    // A password change signs out the user's other sessions.
    expect((await other.get('/api/user')).status).toBe(401);
    await server.knex('users').where({ id: teacherId }).update({ password: (await server.knex('users').where({ email: 'admin@example.com' }).first('password')).password });
  });
});
