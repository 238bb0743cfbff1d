import type { Knex } from 'knex';

/**
 * School catalogue tables. Their rows are the school's own choice, so the demo seed fills
 * them; only the shape and the sanity checks live here.
 */

function named(knex: Knex, table: string) {
  return knex.schema.createTable(table, (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('classifications', (t) => {
    t.increments('id').primary();
    // School class (grade) number; 0 leaves room for pre-school.
    t.smallint('number').notNullable().unique();
    t.check('number BETWEEN 0 AND 12', {}, 'classifications_number_check');
  });

  await knex.schema.createTable('languages', (t) => {
    t.increments('id').primary();
    t.text('code').notNullable().unique();
    t.text('name');
    t.check(`code ~ '^[a-z]{2,3}$'`, {}, 'languages_code_check');
  });

  await named(knex, 'study_types');
  await named(knex, 'teaching_formats');
  await named(knex, 'teaching_programs');
  await named(knex, 'teaching_styles');

  await knex.schema.createTable('study_durations', (t) => {
    t.increments('id').primary();
    t.integer('minutes').notNullable().unique();
    t.check('minutes > 0', {}, 'study_durations_minutes_check');
  });

  await knex.schema.createTable('contract_templates', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    // A template with a url is a public offer: no end date is asked for (spec part 2 §5).
    t.text('url');
    t.text('currency').notNullable().defaultTo('UAH');
    t.check(`currency IN ('UAH', 'EUR')`, {}, 'contract_templates_currency_check');
  });

  await named(knex, 'contract_disciplines');

  await knex.schema.createTable('invoice_templates', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('entity');
    t.text('bank');
    t.integer('contract_template_id').references('id').inTable('contract_templates').onDelete('NO ACTION');
    t.index(['contract_template_id'], 'invoice_templates_contract_template_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'invoice_templates',
    'contract_disciplines',
    'contract_templates',
    'study_durations',
    'teaching_styles',
    'teaching_programs',
    'teaching_formats',
    'study_types',
    'languages',
    'classifications',
  ]) {
    await knex.schema.dropTable(table);
  }
}
