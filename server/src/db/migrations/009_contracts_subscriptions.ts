import type { Knex } from 'knex';

/**
 * Contracts, subscriptions (paid packages of studies) and the per-student link of a study to
 * a subscription (study_user.subscription_id). Deleting money history is refused everywhere.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contracts', (t) => {
    t.increments('id').primary();
    t.integer('student_id').notNullable().references('id').inTable('users').onDelete('NO ACTION');
    // May equal student_id: an adult student pays for themselves.
    t.integer('payer_id').notNullable().references('id').inTable('users').onDelete('NO ACTION');
    t.integer('template_id').references('id').inTable('contract_templates').onDelete('NO ACTION');
    t.integer('discipline_id').references('id').inTable('contract_disciplines').onDelete('NO ACTION');
    t.integer('invoice_template_id').references('id').inTable('invoice_templates').onDelete('NO ACTION');
    // Null for public-offer templates (template with a url).
    t.timestamp('end_at', { useTz: true });
    // Uploaded signed document (storage key and original name).
    t.text('document_file');
    t.text('document_name');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['student_id'], 'contracts_student_id_index');
    t.index(['payer_id'], 'contracts_payer_id_index');
    t.index(['template_id'], 'contracts_template_id_index');
    t.index(['created_by'], 'contracts_created_by_index');
    t.index(['created_at'], 'contracts_created_at_index');
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('contract_id').notNullable().references('id').inTable('contracts').onDelete('NO ACTION');
    t.integer('studies_template_type_id')
      .notNullable()
      .defaultTo(1)
      .references('id')
      .inTable('study_types')
      .onDelete('NO ACTION');
    // Kopiykas.
    t.integer('price_per_study').notNullable();
    // EUR-priced packages keep the rate and the EUR price; prolong re-prices from them.
    t.decimal('eur_rate', 12, 4);
    t.decimal('eur_price_per_study', 12, 2);
    t.smallint('studies_per_week');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('price_per_study >= 0', {}, 'subscriptions_price_per_study_check');
    t.check('eur_rate IS NULL OR eur_rate > 0', {}, 'subscriptions_eur_rate_check');
    t.check('eur_price_per_study IS NULL OR eur_price_per_study >= 0', {}, 'subscriptions_eur_price_check');
    t.check('(eur_rate IS NULL) = (eur_price_per_study IS NULL)', {}, 'subscriptions_eur_pair_check');
    t.check('studies_per_week IS NULL OR studies_per_week >= 1', {}, 'subscriptions_studies_per_week_check');
    // Target of invoices' composite FK: an invoice's contract is its subscription's contract.
    t.unique(['id', 'contract_id'], { indexName: 'subscriptions_id_contract_id_unique' });
    t.index(['contract_id'], 'subscriptions_contract_id_index');
    t.index(['created_by'], 'subscriptions_created_by_index');
    t.index(['studies_template_type_id'], 'subscriptions_type_index');
    t.index(['price_per_study'], 'subscriptions_price_per_study_index');
    t.index(['created_at'], 'subscriptions_created_at_index');
  });

  // The weekly pattern the subscription's studies were generated from (off-template check).
  await knex.schema.createTable('studies_templates', (t) => {
    t.increments('id').primary();
    t.integer('subscription_id').notNullable().references('id').inTable('subscriptions').onDelete('CASCADE');
    t.smallint('weekday').notNullable();
    t.time('start_time').notNullable();
    t.integer('duration').notNullable();
    t.check('weekday BETWEEN 0 AND 6', {}, 'studies_templates_weekday_check');
    t.check('duration > 0 AND duration <= 1440', {}, 'studies_templates_duration_check');
    t.index(['subscription_id'], 'studies_templates_subscription_id_index');
  });

  // At most one subscription per student per study: it is a column of the participant row.
  await knex.schema.alterTable('study_user', (t) => {
    t.integer('subscription_id').references('id').inTable('subscriptions').onDelete('NO ACTION');
    t.check('subscription_id IS NULL OR role_id = 4', {}, 'study_user_subscription_student_role_check');
  });
  await knex.raw(
    'CREATE INDEX study_user_subscription_id_index ON study_user (subscription_id, study_id) WHERE subscription_id IS NOT NULL',
  );

  await knex.raw(`
    CREATE FUNCTION study_user_subscription_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE owner integer;
    BEGIN
      IF NEW.subscription_id IS NOT NULL THEN
        SELECT c.student_id INTO owner FROM subscriptions s JOIN contracts c ON c.id = s.contract_id WHERE s.id = NEW.subscription_id;
        IF FOUND AND owner <> NEW.user_id THEN
          RAISE EXCEPTION 'subscription % belongs to another student', NEW.subscription_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'study_user_subscription_owner_check';
        END IF;
      END IF;
      RETURN NEW;
    END $$`);
  // Runs after study_user_fill (triggers fire in name order), so role_id is already known.
  await knex.raw(`
    CREATE TRIGGER study_user_subscription_owner BEFORE INSERT OR UPDATE OF subscription_id, user_id ON study_user
    FOR EACH ROW EXECUTE FUNCTION study_user_subscription_owner()`);

  // A bare DELETE of a study would cascade away its participant rows and with them the
  // record of which paid package it consumed. Detach the subscriptions first.
  await knex.raw(`
    CREATE FUNCTION studies_keep_billed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM study_user WHERE study_id = OLD.id AND subscription_id IS NOT NULL) THEN
        RAISE EXCEPTION 'study % is referenced by a subscription', OLD.id
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'study_user_subscription_id_foreign', TABLE = 'study_user';
      END IF;
      RETURN OLD;
    END $$`);
  await knex.raw(
    'CREATE TRIGGER studies_keep_billed BEFORE DELETE ON studies FOR EACH ROW EXECUTE FUNCTION studies_keep_billed()',
  );

  // Moving a contract to another student would leave billed studies pointing at a stranger's package.
  await knex.raw(`
    CREATE FUNCTION contracts_keep_student() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM subscriptions s JOIN study_user su ON su.subscription_id = s.id WHERE s.contract_id = NEW.id) THEN
        RAISE EXCEPTION 'contract % has billed studies; its student cannot change', NEW.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'contracts_student_fixed_check';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER contracts_keep_student BEFORE UPDATE OF student_id ON contracts
    FOR EACH ROW WHEN (OLD.student_id IS DISTINCT FROM NEW.student_id) EXECUTE FUNCTION contracts_keep_student()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER contracts_keep_student ON contracts');
  await knex.raw('DROP FUNCTION contracts_keep_student()');
  await knex.raw('DROP TRIGGER studies_keep_billed ON studies');
  await knex.raw('DROP FUNCTION studies_keep_billed()');
  await knex.raw('DROP TRIGGER study_user_subscription_owner ON study_user');
  await knex.raw('DROP FUNCTION study_user_subscription_owner()');
  await knex.schema.alterTable('study_user', (t) => {
    t.dropChecks(['study_user_subscription_student_role_check']);
    t.dropColumn('subscription_id');
  });
  await knex.schema.dropTable('studies_templates');
  await knex.schema.dropTable('subscriptions');
  await knex.schema.dropTable('contracts');
}
