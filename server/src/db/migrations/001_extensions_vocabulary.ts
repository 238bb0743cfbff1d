import type { Knex } from 'knex';

/**
 * Extensions and the fixed vocabulary that code relies on by id (roles, sources,
 * responsible types, phone types) plus the feature flags. School-specific catalogues
 * (study types, templates, languages…) live in the demo seed instead.
 */

const roles = [
  [1, 'Administrator'],
  [2, 'Manager'],
  [3, 'Teacher'],
  [4, 'Student'],
  [5, 'Responsible'],
  [6, 'Lead'],
  [7, 'Methodologist'],
  [8, 'Guest'],
] as const;

const userSources = [
  [1, 'Unknown'],
  [2, 'Target'],
  [3, 'Facebook'],
  [4, 'Reference'],
  [5, 'Context'],
  [6, 'Bots'],
] as const;

const responsibleTypes = [
  [1, 'Mom'],
  [2, 'Dad'],
  [3, 'Son'],
  [4, 'Daughter'],
] as const;

const phoneTypes = [
  [1, 'Mobile'],
  [2, 'Home'],
  [3, 'Work'],
] as const;

async function createVocabulary(knex: Knex, table: string, rows: ReadonlyArray<readonly [number, string]>) {
  await knex.schema.createTable(table, (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
  });
  await knex(table).insert(rows.map(([id, name]) => ({ id, name })));
  // Explicit ids do not advance the sequence; without this the next insert would collide.
  await knex.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT max(id) FROM ??))`, [table, table]);
}

export async function up(knex: Knex): Promise<void> {
  // Extensions are database-wide; down() leaves them installed (other schemas may use them).
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await createVocabulary(knex, 'roles', roles);
  await createVocabulary(knex, 'user_sources', userSources);
  await createVocabulary(knex, 'responsible_types', responsibleTypes);
  await createVocabulary(knex, 'phone_types', phoneTypes);

  await knex.schema.createTable('feature_flags', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.text('description');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('feature_flags').insert({
    name: 'recordings_uploader_enabled',
    enabled: false,
    description: 'Send recordings to the separate upload service instead of the API',
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('feature_flags');
  await knex.schema.dropTable('phone_types');
  await knex.schema.dropTable('responsible_types');
  await knex.schema.dropTable('user_sources');
  await knex.schema.dropTable('roles');
}
