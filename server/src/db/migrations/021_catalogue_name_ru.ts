import type { Knex } from 'knex';

/**
 * Russian names of the catalogue entries a family or a teacher reads in the calendar and the
 * forms (study types, languages, teaching formats, programs and styles). Optional: an entry
 * without one is answered with its Ukrainian `name` in a Russian interface too. The API answers
 * `name` in the request's language (docs/domain-rules.md, "Catalogue names and the interface
 * language"); the school fills the column, the demo seed does for its own entries.
 */
const TABLES = [
  'study_types',
  'languages',
  'teaching_formats',
  'teaching_programs',
  'teaching_styles',
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.text('name_ru');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('name_ru');
    });
  }
}
