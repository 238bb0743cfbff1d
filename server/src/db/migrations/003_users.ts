import type { Knex } from 'knex';

/** Users and their pure children: phones, responsible links, classes, languages, notes. */

/** pg_trgm may live in another schema than ours (IF NOT EXISTS skipped it): qualify its opclass. */
async function trgmOps(knex: Knex): Promise<string> {
  const res = await knex.raw(
    `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  return `${res.rows[0].schema}.gin_trgm_ops`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.integer('role_id').notNullable().references('id').inTable('roles').onDelete('NO ACTION');
    t.text('firstname').notNullable();
    t.text('surname');
    t.text('patronymic');
    // Nullable: leads and children often have no address; the form generates one on example.com.
    t.text('email').unique('users_email_unique');
    // argon2 hash; null = cannot sign in (students, parents without access).
    t.text('password');
    t.integer('source_id')
      .notNullable()
      .defaultTo(1)
      .references('id')
      .inTable('user_sources')
      .onDelete('NO ACTION');
    t.integer('responsible_type_id').references('id').inTable('responsible_types').onDelete('NO ACTION');
    t.boolean('active').notNullable().defaultTo(true);
    t.text('viber_id').unique('users_viber_id_unique');
    t.text('telegram_id').unique('users_telegram_id_unique');
    t.text('zoom');
    t.text('googlemeet');
    t.date('birthdate');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Lower-cased on write so the unique index is case-insensitive without citext.
    t.check('email = lower(btrim(email))', {}, 'users_email_lower_check');
    t.check(`firstname <> ''`, {}, 'users_firstname_check');
  });
  // full_name is filtered, sorted and searched by prefix in every users lookup, so it is
  // stored (Ukrainian order: surname, first name, patronymic) and indexed instead of recomputed.
  await knex.raw(`
    ALTER TABLE users ADD COLUMN full_name text GENERATED ALWAYS AS (
      btrim(regexp_replace(coalesce(surname, '') || ' ' || firstname || ' ' || coalesce(patronymic, ''), '\\s+', ' ', 'g'))
    ) STORED`);
  const trgm = await trgmOps(knex);
  await knex.raw(`CREATE INDEX users_full_name_trgm ON users USING gin (full_name ${trgm})`);
  await knex.raw(`CREATE INDEX users_email_trgm ON users USING gin (email ${trgm})`);
  await knex.raw('CREATE INDEX users_full_name_index ON users (full_name, id)');
  await knex.raw('CREATE INDEX users_role_active_index ON users (role_id, active)');
  await knex.raw('CREATE INDEX users_source_id_index ON users (source_id)');

  await knex.schema.createTable('phones', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('phone').notNullable();
    t.integer('type_id')
      .notNullable()
      .defaultTo(1)
      .references('id')
      .inTable('phone_types')
      .onDelete('NO ACTION');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`phone ~ '^[0-9]{3,20}$'`, {}, 'phones_phone_check');
    t.index(['user_id'], 'phones_user_id_index');
  });
  await knex.raw(`CREATE INDEX phones_phone_trgm ON phones USING gin (phone ${trgm})`);

  // child_id is the student, responsible_id the parent; the parent's kind is users.responsible_type_id.
  await knex.schema.createTable('user_responsibles', (t) => {
    t.integer('child_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('responsible_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.primary(['child_id', 'responsible_id']);
    t.index(['responsible_id'], 'user_responsibles_responsible_id_index');
    t.check('child_id <> responsible_id', {}, 'user_responsibles_not_self_check');
  });

  await knex.schema.createTable('classification_user', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('classification_id')
      .notNullable()
      .references('id')
      .inTable('classifications')
      .onDelete('NO ACTION');
    t.primary(['user_id', 'classification_id']);
    t.index(['classification_id'], 'classification_user_classification_id_index');
  });

  await knex.schema.createTable('language_user', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('language_id').notNullable().references('id').inTable('languages').onDelete('NO ACTION');
    t.primary(['user_id', 'language_id']);
    t.index(['language_id'], 'language_user_language_id_index');
  });

  await knex.schema.createTable('notes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('content').notNullable();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'notes_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notes');
  await knex.schema.dropTable('language_user');
  await knex.schema.dropTable('classification_user');
  await knex.schema.dropTable('user_responsibles');
  await knex.schema.dropTable('phones');
  await knex.schema.dropTable('users');
}
