import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@school/shared/domain';
import {
  READ_ATTRIBUTES,
  asSubject,
  createAbility,
  type AppAbility,
  type ScopedSubject,
} from '@school/shared/permissions';
import { RESOURCES, type ResourceDef } from '@school/shared/resources';
import { DEMO_ACCOUNTS, type TestClient } from '../../../test/harness.test-kit.js';
import { startKit, type Kit } from './resource.test-kit.js';

/**
 * One permission source (issue 11 point 3): for every role and every listed resource with a
 * CASL subject, the ids GET /api/{resource} answers on the demo school are exactly the rows
 * `ability.can('read', row)` allows, with the role's own rules (as sent to its client) and the
 * row's condition attributes computed here from the tables, independently of the server's SQL.
 */

const ROLES = [
  'Administrator',
  'Manager',
  'Teacher',
  'Methodologist',
  'Student',
  'Responsible',
  'Lead',
  'Guest',
] as const;
type Role = (typeof ROLES)[number];

const LISTED = Object.values(RESOURCES).filter(
  (r): r is ResourceDef & { subject: ScopedSubject } =>
    r.operations.includes('list') && r.subject !== undefined && r.subject in READ_ATTRIBUTES,
);

type Row = Record<string, unknown> & { id: number };

let kit: Kit;
const clients = {} as Record<Role, TestClient>;
const abilities = {} as Record<Role, AppAbility>;
/** Condition attributes of every row of every listed resource, by resource name. */
const rowsOf = new Map<string, Row[]>();

async function signInNew(roleId: number, email: string): Promise<TestClient> {
  const { password } = await kit.srv
    .knex('users')
    .where({ email: DEMO_ACCOUNTS.Administrator })
    .first('password');
  await kit.srv
    .knex('users')
    .insert({ role_id: roleId, firstname: 'Probe', surname: email, email, password, active: true });
  const c = kit.srv.client();
  const res = await c.post('/login', { email, password: 'demo12345' });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status}`);
  return c;
}

/** The demo has no recordings: one on every 20th study and on a study of each demo account's. */
async function addRecordings(): Promise<void> {
  const k = kit.srv.knex;
  const every = (await k('studies').select('id').orderBy('id'))
    .filter((_r: Row, i: number) => i % 20 === 0)
    .map((r: Row) => r.id);
  const own = await k('study_user')
    .whereIn('user_id', [kit.ids.teacher, kit.ids.student, ...kit.ids.children])
    .distinct('study_id');
  const ids = [...new Set([...every, ...own.slice(0, 5).map((r: { study_id: number }) => r.study_id)])];
  await k('recordings').insert(
    ids.map((id) => ({ study_id: id, part: 1, file_name: 'lesson.mp4', storage_key: `probe/${id}` })),
  );
}

/** Attribute values as docs/permissions.md defines them, from the tables (not the scope SQL). */
async function loadAttributes(): Promise<void> {
  const k = kit.srv.knex;
  const su = (await k('study_user').select('study_id', 'user_id', 'role_id')) as {
    study_id: number;
    user_id: number;
    role_id: number;
  }[];
  const byStudy = new Map<number, typeof su>();
  for (const p of su) byStudy.set(p.study_id, [...(byStudy.get(p.study_id) ?? []), p]);
  const participants = (studyId: number) => (byStudy.get(studyId) ?? []).map((p) => p.user_id);
  /** Everyone sharing a study in which the user took part in one of the roles. */
  const sharing = (userId: number, roles: number[]) => {
    const out = new Set<number>();
    for (const p of su)
      if (p.user_id === userId && roles.includes(p.role_id))
        participants(p.study_id).forEach((id) => out.add(id));
    return [...out];
  };
  const teaching = [ROLE.Teacher, ROLE.Methodologist];
  const lesson = [ROLE.Student, ...teaching];
  const teachers = (await k('teachers').select('id', 'user_id', 'manager_id')) as {
    id: number;
    user_id: number;
    manager_id: number | null;
  }[];
  const contracts = new Map(
    ((await k('contracts').select('id', 'student_id')) as { id: number; student_id: number }[]).map((c) => [
      c.id,
      c.student_id,
    ]),
  );
  const userAttributes = (id: number) => ({
    peer_ids: sharing(id, lesson),
    taught_ids: sharing(id, teaching),
  });

  const builders: Record<ScopedSubject, (table: string) => Promise<Row[]>> = {
    study: async (t) =>
      (await k(t).select('id')).map((r: Row) => ({ id: r.id, user_ids: participants(r.id) })),
    user: async (t) =>
      (await k(t).select('id')).map((r: Row) => ({
        id: r.id,
        ...userAttributes(r.id),
        manager_of_ids: teachers.filter((x) => x.manager_id === r.id).map((x) => x.user_id),
      })),
    teacher: async () =>
      teachers.map((r) => ({ id: r.id, user_id: r.user_id, ...userAttributes(r.user_id) })),
    study_report: async (t) =>
      (await k(t).select('id', 'user_id', 'created_by', 'study_id')).map((r: Row) => ({
        ...r,
        study_user_ids: participants(r.study_id as number),
      })),
    study_task: async (t) =>
      (await k(t).select('id', 'user_id', 'study_id')).map((r: Row) => ({
        ...r,
        study_user_ids: participants(r.study_id as number),
      })),
    study_message: async (t) =>
      (await k(t).select('id', 'study_id')).map((r: Row) => ({
        ...r,
        study_user_ids: participants(r.study_id as number),
      })),
    recording: async (t) =>
      (await k(t).select('id', 'study_id')).map((r: Row) => ({
        ...r,
        study_user_ids: participants(r.study_id as number),
      })),
    schedule: async (t) =>
      (await k(t).select('id', 'user_id')).map((r: Row) => ({
        ...r,
        taught_ids: sharing(r.user_id as number, teaching),
      })),
    contract: async (t) => (await k(t).select('id', 'student_id')) as Row[],
    subscription: async (t) =>
      (await k(t).select('id', 'contract_id')).map((r: Row) => ({
        id: r.id,
        student_id: contracts.get(r.contract_id as number),
      })),
    invoice: async (t) =>
      (await k(t).select('id', 'contract_id')).map((r: Row) => ({
        id: r.id,
        student_id: contracts.get(r.contract_id as number),
      })),
  };
  for (const r of LISTED) rowsOf.set(r.name, await builders[r.subject](r.table));
}

/** Every id the role's list answers, page by page; null for a refusal (403). */
async function listedIds(client: TestClient, resource: string): Promise<number[] | null> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/${resource}?select[]=id&sort[]=id&perpage=100&page=${page}`);
    if (res.status === 403) return null;
    expect(res.status, `${resource} page ${page}`).toBe(200);
    ids.push(...(res.body.data as { id: number }[]).map((r) => r.id));
    if (page >= res.body.meta.last_page) return ids;
  }
}

beforeAll(async () => {
  kit = await startKit();
  Object.assign(clients, kit.as);
  clients.Lead = await signInNew(ROLE.Lead, 'lead-probe@example.com');
  clients.Guest = await signInNew(ROLE.Guest, 'guest-probe@example.com');
  for (const role of ROLES)
    abilities[role] = createAbility((await clients[role].get('/api/user')).body.data.abilities);
  await addRecordings();
  await loadAttributes();
}, 120_000);

afterAll(async () => kit?.srv.close());

describe('SQL row scopes agree with the CASL read rules, row by row, on the demo school', () => {
  it('covers every listed resource with a subject', () => {
    expect(LISTED.map((r) => r.name).sort()).toEqual(
      [
        'contracts',
        'invoices',
        'recordings',
        'schedules',
        'studies',
        'study_messages',
        'study_reports',
        'study_tasks',
        'subscriptions',
        'teachers',
        'users',
      ].sort(),
    );
  });

  describe.each(ROLES)('%s', (role) => {
    it.each(LISTED.map((r) => [r.name, r] as const))('%s', async (_name, resource) => {
      const rows = rowsOf.get(resource.name)!;
      expect(rows.length, 'the demo has rows to compare').toBeGreaterThan(0);
      const allowed = rows
        .filter((row) => abilities[role].can('read', asSubject(resource.subject, row)))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const listed = await listedIds(clients[role], resource.name);
      if (listed === null) {
        // A refusal means the rules allow no row at all.
        expect(allowed, `${role} is refused ${resource.name} but the rules allow rows`).toEqual([]);
      } else {
        expect(listed.sort((a, b) => a - b)).toEqual(allowed);
      }
    });
  });
});
