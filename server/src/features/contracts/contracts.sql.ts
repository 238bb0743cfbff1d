import type { Knex } from 'knex';
import { z } from 'zod';
import { contractFormSchemaFor, type ContractTemplateFacts } from '@school/shared/validation';
import type { ResourceHooks, RowScope, SchemaResolver } from '../../resource-engine/resource-hooks.js';
import { readScopeFor } from '../scheduling-core/index.js';

/** Money: staff all, a Responsible their children's contracts (read rules on `contract`). */
export const contractsScope: RowScope = readScopeFor('contract');

/**
 * What the chosen template decides about the form (part 2 §5): a url (public offer) drops the
 * end date, invoice templates tied to it make one required. No template, or an unknown id (the
 * foreign key answers 422 on write): the strictest form.
 */
export async function contractTemplateFacts(
  knex: Knex,
  templateId: unknown,
): Promise<ContractTemplateFacts | null> {
  const id =
    typeof templateId === 'number'
      ? templateId
      : /^[1-9]\d{0,9}$/.test(String(templateId ?? ''))
        ? Number(templateId)
        : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const template = (await knex('contract_templates').where('id', id).first('url')) as
    { url: string | null } | undefined;
  if (!template) return null;
  const invoice = await knex('invoice_templates')
    .where('contract_template_id', id)
    .first(knex.raw('1 as one'));
  return { hasUrl: Boolean(template.url?.trim()), hasInvoiceTemplates: Boolean(invoice) };
}

/** The stored values the form rules read, in the form's input shape (dates as ISO text). */
function storedFormValues(existing: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [
    'student_id',
    'payer_id',
    'end_at',
    'template_id',
    'discipline_id',
    'invoice_template_id',
  ]) {
    const v = existing[key];
    out[key] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * Create: the schema of the template the body names. Update: the template the contract will
 * have (sent or stored), checked against the row as it will be (stored values overlaid by the
 * sent ones), so switching to a template without a url while the contract has no end date is a
 * 422 on end_at. Only the sent keys are written (the engine filters by the body's keys).
 */
export const contractsWriteSchema: SchemaResolver = async ({ knex, action, body, existing }) => {
  const templateId = 'template_id' in body ? body.template_id : existing?.template_id;
  const schema = contractFormSchemaFor(await contractTemplateFacts(knex, templateId));
  if (action === 'create' || !existing) return schema;
  const stored = storedFormValues(existing);
  return z.preprocess(
    (input) => (input && typeof input === 'object' ? { ...stored, ...input } : input),
    schema,
  );
};

export const contractsHooks: ResourceHooks = { scope: contractsScope, writeSchema: contractsWriteSchema };
