import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/harness.test-kit.js';
import { migrateLatest, migrateRollbackAll } from '../platform/db/database.js';

const db = useTestDatabase('blank');

const tables = async () =>
  (await db.knex('pg_tables').where({ schemaname: 'public' }).pluck('tablename')).filter(
    (t) => !t.startsWith('knex_'),
  );

describe('migrations', () => {
  it('go up, all the way down to an empty schema, and up again', async () => {
    await migrateLatest(db.knex);
    const up = await tables();
    expect(up).toEqual(
      expect.arrayContaining([
        'users',
        'studies',
        'study_user',
        'contracts',
        'subscriptions',
        'invoices',
        'sessions',
      ]),
    );
    await migrateRollbackAll(db.knex);
    expect(await tables()).toEqual([]);
    await migrateLatest(db.knex);
    expect((await tables()).sort()).toEqual(up.sort());
  });
});
