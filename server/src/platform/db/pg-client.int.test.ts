import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness.test-kit.js';
import { connectPgClient, createPgPool } from './pg-client.js';

const db = useTestDatabase('empty');

async function terminate(appName: string) {
  await db.knex.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?', [
    appName,
  ]);
}

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

// Without an 'error' listener these would be uncaught exceptions that end the test process
// (vitest reports "Connection terminated unexpectedly" and the whole run dies).
describe('pg clients opened by the platform survive a server that drops them', () => {
  it('an idle client reports the dropped connection to its handler instead of crashing', async () => {
    const errors: Error[] = [];
    const url = new URL(db.url);
    url.searchParams.set('application_name', 'pg-client-test-idle');
    const client = await connectPgClient(url.toString(), (err) => errors.push(err));
    await terminate('pg-client-test-idle');
    expect(await until(() => errors.length > 0)).toBe(true);
    expect(String(errors[0])).toMatch(/terminat/i);
    await client.end().catch(() => undefined);
  });

  it('a pool drops the broken idle client and goes on serving queries', async () => {
    const errors: Error[] = [];
    const pool = createPgPool(
      { connectionString: db.url, application_name: 'pg-client-test-pool', max: 1 },
      (e) => errors.push(e),
    );
    try {
      await pool.query('SELECT 1');
      await terminate('pg-client-test-pool');
      expect(await until(() => errors.length > 0)).toBe(true);
      const { rows } = await pool.query('SELECT 2 AS two');
      expect(rows[0].two).toBe(2);
    } finally {
      await pool.end();
    }
  });
});
