import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { ROLE } from '@school/shared/domain';
import {
  DEMO_PASSWORD,
  startTestServer,
  TestClient,
  type DemoRole,
  type TestServer,
} from '../../../test/harness.test-kit.js';

/**
 * Test support for the study modal's panels (homework, messages, reports, evaluation, real time):
 * one server with its files in a private directory, a signed-in client per demo role plus the
 * Responsible of another family, and studies made for the tests far from the demo's own.
 */

export type PanelRole = DemoRole | 'OtherResponsible';
export const PANEL_ROLES: readonly PanelRole[] = [
  'Administrator',
  'Manager',
  'Teacher',
  'Methodologist',
  'Student',
  'Responsible',
  'OtherResponsible',
];

export interface PanelsKit {
  srv: TestServer;
  dataDir: string;
  as: Record<PanelRole, TestClient>;
  ids: {
    admin: number;
    teacher: number;
    methodologist: number;
    /** student@, a child of parent@. */
    student: number;
    parent: number;
    /** A student of another family, and their Responsible. */
    otherChild: number;
    otherParent: number;
  };
  /** A lesson of the teacher with student@ alone, ended. */
  solo: number;
  /** A group lesson of the teacher with student@ and the other family's child, ended. */
  group: number;
  /** A lesson of the teacher with the other family's child alone, ended. */
  foreign: number;
  /** A lesson with no student (a teacher's slot), ended. */
  empty: number;
  /** Makes another lesson (ended) of these participants. */
  newStudy(userIds: number[]): Promise<number>;
  close(): Promise<void>;
}

let slot = 0;

async function makeStudy(knex: Knex, userIds: number[]): Promise<number> {
  // Each on its own hour in 2004, so no teacher or student is booked twice.
  const start = new Date(Date.UTC(2004, 0, 5, 6) + slot++ * 2 * 3_600_000);
  return knex.transaction(async (trx) => {
    const [row] = await trx('studies')
      .insert({ start, end: new Date(start.getTime() + 3_600_000), type_id: 1 })
      .returning('id');
    await trx('study_user').insert(userIds.map((user_id) => ({ study_id: row.id, user_id })));
    return row.id as number;
  });
}

export async function startPanelsKit(opts: { realtime?: boolean } = {}): Promise<PanelsKit> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'study-panels-'));
  const srv = await startTestServer({ realtime: opts.realtime, env: { DATA_DIR: dataDir } });
  const k = srv.knex;
  const byEmail = async (email: string) => (await k('users').where({ email }).first('id')).id as number;
  const parent = await byEmail('parent@example.com');
  const children = (await k('user_responsibles')
    .where('responsible_id', parent)
    .pluck('child_id')) as number[];
  const other = await k('user_responsibles as ur')
    .join('users as u', 'u.id', 'ur.child_id')
    .where('u.role_id', ROLE.Student)
    .whereNotIn('ur.child_id', children)
    .whereNotIn('ur.responsible_id', [parent])
    .orderBy('ur.child_id')
    .first('ur.child_id', 'ur.responsible_id');
  // The other family's Responsible signs in with the demo password.
  const demo = await k('users').where({ email: 'parent@example.com' }).first('password');
  await k('users').where({ id: other.responsible_id }).update({ password: demo.password });
  const otherEmail = (await k('users').where({ id: other.responsible_id }).first('email')).email as string;

  const roles: DemoRole[] = [
    'Administrator',
    'Manager',
    'Teacher',
    'Methodologist',
    'Student',
    'Responsible',
  ];
  const clients = await Promise.all(roles.map((r) => srv.signInAs(r)));
  const otherParent = srv.client();
  const login = await otherParent.post('/login', { email: otherEmail, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in as the other family's parent failed: ${login.status}`);
  const as = {
    ...Object.fromEntries(roles.map((r, i) => [r, clients[i]])),
    OtherResponsible: otherParent,
  } as Record<PanelRole, TestClient>;

  const ids = {
    admin: await byEmail('admin@example.com'),
    teacher: await byEmail('teacher@example.com'),
    methodologist: await byEmail('methodologist@example.com'),
    student: await byEmail('student@example.com'),
    parent,
    otherChild: other.child_id as number,
    otherParent: other.responsible_id as number,
  };
  if (!children.includes(ids.student)) throw new Error('student@ is expected to be a child of parent@');
  return {
    srv,
    dataDir,
    as,
    ids,
    solo: await makeStudy(k, [ids.teacher, ids.methodologist, ids.student]),
    group: await makeStudy(k, [ids.teacher, ids.student, ids.otherChild]),
    foreign: await makeStudy(k, [ids.teacher, ids.otherChild]),
    empty: await makeStudy(k, [ids.teacher]),
    newStudy: (userIds) => makeStudy(k, userIds),
    async close() {
      await srv.close();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under `root` (relative paths). */
async function filesIn(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(root, full));
    }
  };
  await walk(root);
  return out.sort();
}

/** Every stored file under the kit's storage (homework keys), for "nothing was stored" checks. */
export async function storedFiles(kit: PanelsKit): Promise<string[]> {
  return filesIn(path.join(kit.dataDir, 'files', 'homework'));
}

/** Files left in the upload temporary directories (must be none after every request). */
export async function uploadLeftovers(kit: PanelsKit): Promise<string[]> {
  return filesIn(path.join(kit.dataDir, 'tmp', 'uploads'));
}

/** A multipart form for `POST api/studies/{id}` with `_method=patch` and homework files. */
export function homeworkForm(
  files: Array<{ name: string; bytes: Uint8Array | string; field?: string }>,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set('_method', 'patch');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) {
    const bytes = typeof f.bytes === 'string' ? new TextEncoder().encode(f.bytes) : f.bytes;
    form.append(f.field ?? 'study_task[]', new Blob([Buffer.from(bytes)]), f.name);
  }
  return form;
}
