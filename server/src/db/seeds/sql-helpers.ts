import type { Knex } from 'knex';

/** Rows inserted with explicit ids do not move the serial sequence; move it past them. */
export async function resetSequences(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await knex.raw(
      `SELECT setval(pg_get_serial_sequence(?, 'id'), GREATEST((SELECT coalesce(max(id), 0) FROM ??), 1), (SELECT count(*) > 0 FROM ??))`,
      [table, table, table],
    );
  }
}

/** Multi-row INSERTs in chunks, keeping bind parameters well under PostgreSQL's 65535 limit. */
export async function insertChunked<T extends object>(
  knex: Knex,
  table: string,
  rows: readonly T[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await knex(table).insert(rows.slice(i, i + chunk) as T[]);
  }
}
