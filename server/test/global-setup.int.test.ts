import { describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { connectPgClient } from '../src/platform/db/pg-client.js';
import setup from './global-setup.js';

/** What a vitest project receives from the set-up, collected the way `project.provide` hands it on. */
function fakeProject() {
  const provided: Record<string, unknown> = {};
  return {
    provided,
    project: { provide: (k: string, v: unknown) => (provided[k] = v) } as unknown as TestProject,
  };
}

async function demoUsers(adminUrl: string, template: string): Promise<number> {
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  const c = await connectPgClient(u.toString());
  try {
    return (await c.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
  } finally {
    await c.end();
  }
}

describe('test database set-up shared by the int and e2e projects', () => {
  it('starts one embedded server for both projects and keeps it until the last one is done', async () => {
    const saved = process.env.TEST_DATABASE_URL;
    // As on a fresh clone: no database server named, so the embedded PostgreSQL starts.
    delete process.env.TEST_DATABASE_URL;
    try {
      const int = fakeProject();
      const e2e = fakeProject();
      const [endInt, endE2e] = await Promise.all([setup(int.project), setup(e2e.project)]);
      expect(e2e.provided).toEqual(int.provided);
      const url = int.provided.adminDbUrl as string;
      const template = int.provided.templateDemo as string;
      expect(await demoUsers(url, template)).toBeGreaterThan(5);
      // A throw-away cluster: commits do not wait for the disk (the run's speed depends on it).
      const c = await connectPgClient(url);
      try {
        expect((await c.query('SHOW fsync')).rows[0].fsync).toBe('off');
        expect((await c.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
      } finally {
        await c.end();
      }

      await endInt();
      // The e2e project is still running on the same server and templates.
      expect(await demoUsers(url, template)).toBeGreaterThan(5);

      await endE2e();
      await expect(demoUsers(url, template)).rejects.toThrow();
    } finally {
      if (saved !== undefined) process.env.TEST_DATABASE_URL = saved;
    }
  }, 120_000);
});
