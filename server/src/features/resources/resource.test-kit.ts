import {
  startTestServer,
  type DemoRole,
  type TestClient,
  type TestServer,
} from '../../../test/harness.test-kit.js';
import { resources } from '@school/shared/i18n';

/** One server per test file plus a signed-in client per role (sign-in hashes, so do it once). */
export interface Kit {
  srv: TestServer;
  as: Record<DemoRole, TestClient>;
  ids: { teacher: number; student: number; parent: number; children: number[] };
}

export async function startKit(): Promise<Kit> {
  const srv = await startTestServer();
  const roles: DemoRole[] = [
    'Administrator',
    'Manager',
    'Teacher',
    'Methodologist',
    'Student',
    'Responsible',
  ];
  const clients = await Promise.all(roles.map((r) => srv.signInAs(r)));
  const as = Object.fromEntries(roles.map((r, i) => [r, clients[i]])) as Record<DemoRole, TestClient>;
  const byEmail = async (email: string) =>
    (await srv.knex('users').where({ email }).first('id')).id as number;
  const parent = await byEmail('parent@example.com');
  const children = (await srv
    .knex('user_responsibles')
    .where('responsible_id', parent)
    .pluck('child_id')) as number[];
  return {
    srv,
    as,
    ids: {
      teacher: await byEmail('teacher@example.com'),
      student: await byEmail('student@example.com'),
      parent,
      children,
    },
  };
}

/** True once the lead has added the `resources` namespace to the locales (messages then name the parameter). */
export const resourcesTranslated = 'resources' in (resources.uk.translation as Record<string, unknown>);
