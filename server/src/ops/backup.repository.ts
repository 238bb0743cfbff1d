import type pg from 'pg';

/**
 * Every column that holds a storage key of a file the data needs (recordings, homework, invoice
 * attachments, signed contracts). Pending objects are not listed: a backup keeps what rows
 * reference. backup-restore.int.test.ts checks the list against the schema.
 */
export const STORAGE_KEY_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['recordings', 'storage_key'],
  ['study_tasks', 'storage_key'],
  ['invoice_attachments', 'storage_key'],
  ['contracts', 'document_file'],
];

/** Storage keys the database references, read in the caller's (snapshot) transaction. */
export async function referencedKeys(client: pg.Client): Promise<string[]> {
  const sql = STORAGE_KEY_COLUMNS.map(
    ([t, c]) => `SELECT "${c}" AS key FROM "${t}" WHERE "${c}" IS NOT NULL`,
  ).join(' UNION ');
  const rows = await client.query<{ key: string }>(`SELECT key FROM (${sql}) k ORDER BY key`);
  return rows.rows.map((r) => r.key);
}

export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const found = await client.query<{ t: string | null }>(`SELECT to_regclass('public.knex_migrations') AS t`);
  if (!found.rows[0]?.t) return [];
  return (await client.query<{ name: string }>('SELECT name FROM knex_migrations ORDER BY id')).rows.map(
    (r) => r.name,
  );
}

export async function serverMajor(client: pg.Client): Promise<{ major: number; version: string }> {
  const row = (
    await client.query<{ num: string; version: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`,
    )
  ).rows[0]!;
  return { major: Math.floor(Number(row.num) / 10000), version: row.version };
}

/** Tables, views and sequences outside PostgreSQL's own schemas: a database to restore into has none. */
export async function userRelations(client: pg.Client): Promise<number> {
  const row = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
        AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return row.rows[0]!.n;
}
