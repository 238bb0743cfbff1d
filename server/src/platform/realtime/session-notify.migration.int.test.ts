import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sessionNotify from '../../db/migrations/019_session_notify.js';
import { sha256 } from '../security/secrets.js';
import { connectPgClient } from '../db/pg-client.js';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { sleep } from './realtime.test-kit.js';
import { parseSessionChange, type SessionChange } from './session-change.payload.js';

/** The triggers of migration 019 on their own: what each write to sessions and users announces. */

const db = useTestDatabase();
let listener: pg.Client;
let userId: number;
let parentId: number;
let childId: number;
const received: SessionChange[] = [];

async function collect(write: () => Promise<unknown>): Promise<SessionChange[]> {
  received.length = 0;
  await write();
  await sleep(150);
  return [...received];
}

async function newSessions(n: number, user = userId): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => sha256(`session-${user}-${Date.now()}-${i}`));
  await db
    .knex('sessions')
    .insert(
      ids.map((id) => ({ id, user_id: user, remember: false, expires_at: new Date(Date.now() + 3_600_000) })),
    );
  return ids;
}

beforeAll(async () => {
  listener = await connectPgClient(db.url);
  await listener.query('LISTEN session_changes');
  listener.on('notification', (n) => received.push(parseSessionChange(n.payload)!));
  userId = (await db.knex('users').where({ email: 'teacher@example.com' }).first('id')).id;
  parentId = (await db.knex('users').where({ email: 'parent@example.com' }).first('id')).id;
  childId = (await db.knex('users').where({ email: 'student@example.com' }).first('id')).id;
});

afterAll(async () => {
  await listener?.end();
});

describe('migration 019', () => {
  it('announces ended sessions, in messages of at most 100 ids', async () => {
    const ids = await newSessions(230);
    const got = await collect(() => db.knex('sessions').whereIn('id', ids).delete());
    expect(got.map((c) => c.kind)).toEqual(['ended', 'ended', 'ended']);
    expect(got.map((c) => c.sessionIds.length)).toEqual([100, 100, 30]);
    expect(got.flatMap((c) => c.sessionIds).sort()).toEqual([...ids].sort());
  });

  it('announces a role switch and its restore, and nothing for the touch of every request', async () => {
    const [id] = await newSessions(1);
    const touch = () =>
      db
        .knex('sessions')
        .where({ id })
        .update({ last_seen_at: db.knex.fn.now(), expires_at: new Date(Date.now() + 7_200_000) });
    expect(await collect(touch)).toEqual([]);
    const setRole = (role: number | null) =>
      db.knex('sessions').where({ id }).update({ role_id_override: role });
    expect(await collect(() => setRole(4))).toEqual([{ kind: 'changed', sessionIds: [id], userIds: [] }]);
    expect(await collect(() => setRole(4))).toEqual([]);
    expect(await collect(() => setRole(null))).toEqual([{ kind: 'changed', sessionIds: [id], userIds: [] }]);
  });

  it('announces a deactivated account and a new account role, not other edits', async () => {
    const users = db.knex('users').where({ id: userId });
    const changed = [{ kind: 'changed', sessionIds: [], userIds: [userId] }];
    expect(await collect(() => users.clone().update({ zoom: 'https://zoom.us/j/1' }))).toEqual([]);
    // What a session holds besides (migration 029: open sockets re-check): names, e-mail, password.
    expect(await collect(() => users.clone().update({ firstname: 'Renamed' }))).toEqual(changed);
    expect(await collect(() => users.clone().update({ firstname: 'Renamed' }))).toEqual([]);
    expect(await collect(() => users.clone().update({ active: false }))).toEqual(changed);
    expect(await collect(() => users.clone().update({ active: true }))).toEqual(changed);
    expect(await collect(() => users.clone().update({ role_id: 7 }))).toEqual(changed);
    expect(await collect(() => users.clone().update({ role_id: 3 }))).toEqual(changed);
  });

  it('announces a Responsible whose children change, on commit only', async () => {
    const link = db.knex('user_responsibles').where({ child_id: childId, responsible_id: parentId });
    const changed = [{ kind: 'changed', sessionIds: [], userIds: [parentId] }];
    expect(await collect(() => link.clone().delete())).toEqual(changed);
    await db.knex
      .transaction(async (trx) => {
        await trx('user_responsibles').insert({ child_id: childId, responsible_id: parentId });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sleep(150);
    expect(received).toEqual(changed);
    expect(
      await collect(() =>
        db.knex('user_responsibles').insert({ child_id: childId, responsible_id: parentId }),
      ),
    ).toEqual(changed);
  });

  it('rolls back and re-applies', async () => {
    await sessionNotify.down(db.knex);
    const ids = await newSessions(2);
    expect(await collect(() => db.knex('sessions').whereIn('id', ids).delete())).toEqual([]);
    await sessionNotify.up(db.knex);
    const again = await newSessions(1);
    expect(await collect(() => db.knex('sessions').whereIn('id', again).delete())).toEqual([
      { kind: 'ended', sessionIds: again, userIds: [] },
    ]);
  });
});
