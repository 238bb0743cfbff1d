import type { Knex } from 'knex';

/**
 * Invoices. The number shown is "<position within the contract>-<contract id>", so the
 * database owns both parts: contract_id is kept equal to the subscription's contract by a
 * composite FK, and position is assigned by a trigger under a lock of the contract row.
 * Positions are never reused or renumbered: a printed invoice number stays valid.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id').primary();
    t.integer('subscription_id').notNullable();
    // Filled from the subscription when omitted.
    t.integer('contract_id').notNullable().references('id').inTable('contracts').onDelete('NO ACTION');
    t.integer('position').notNullable();
    // Kopiykas.
    t.bigInteger('amount').notNullable();
    // Null = unpaid.
    t.timestamp('payed_at', { useTz: true });
    t.integer('template_id').references('id').inTable('invoice_templates').onDelete('NO ACTION');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('amount >= 0', {}, 'invoices_amount_check');
    t.check('position > 0', {}, 'invoices_position_check');
    t.unique(['contract_id', 'position'], { indexName: 'invoices_contract_id_position_unique' });
    t.index(['subscription_id'], 'invoices_subscription_id_index');
    t.index(['template_id'], 'invoices_template_id_index');
    t.index(['created_by'], 'invoices_created_by_index');
    t.index(['created_at'], 'invoices_created_at_index');
    t.index(['payed_at'], 'invoices_payed_at_index');
  });
  // ON UPDATE CASCADE: moving a subscription to another contract moves its invoices too
  // (and the trigger below gives them fresh positions there).
  await knex.raw(`
    ALTER TABLE invoices ADD CONSTRAINT invoices_subscription_contract_foreign
    FOREIGN KEY (subscription_id, contract_id) REFERENCES subscriptions (id, contract_id)
    ON DELETE NO ACTION ON UPDATE CASCADE`);
  await knex.raw('CREATE INDEX invoices_unpaid_index ON invoices (subscription_id) WHERE payed_at IS NULL');

  await knex.raw(`
    CREATE FUNCTION invoices_number() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.subscription_id IS DISTINCT FROM OLD.subscription_id THEN
        SELECT s.contract_id INTO NEW.contract_id FROM subscriptions s WHERE s.id = NEW.subscription_id;
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.contract_id IS NOT DISTINCT FROM OLD.contract_id THEN
        NEW.position := OLD.position;
        RETURN NEW;
      END IF;
      IF NEW.contract_id IS NOT NULL THEN
        -- Serialises numbering per contract; NO KEY UPDATE does not block FK checks.
        PERFORM 1 FROM contracts c WHERE c.id = NEW.contract_id FOR NO KEY UPDATE;
        SELECT coalesce(max(i.position), 0) + 1 INTO NEW.position FROM invoices i WHERE i.contract_id = NEW.contract_id;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER invoices_number BEFORE INSERT OR UPDATE OF subscription_id, contract_id, position ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_number()`);

  await knex.schema.createTable('invoice_attachments', (t) => {
    t.increments('id').primary();
    // Refused, not cascaded: owns a stored file; the service deletes the file, then the row.
    t.integer('invoice_id').notNullable().references('id').inTable('invoices').onDelete('NO ACTION');
    t.text('file_name').notNullable();
    t.text('file_mime');
    t.bigInteger('file_size').notNullable().defaultTo(0);
    t.text('storage_key').notNullable();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('file_size >= 0', {}, 'invoice_attachments_file_size_check');
    t.index(['invoice_id'], 'invoice_attachments_invoice_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoice_attachments');
  await knex.schema.dropTable('invoices');
  await knex.raw('DROP FUNCTION invoices_number()');
}
