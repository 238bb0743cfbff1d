import type { Knex } from 'knex';
import { CONTRACT_DEFAULTS } from '@school/shared/domain';

export interface Payee {
  entity: string;
  bank: string | null;
}

/**
 * Who the generators' documents name as the school: the first invoice template of the default
 * contract template (spec part 2 §9, template 42), else the first invoice template of all.
 */
export async function findDefaultPayee(knex: Knex): Promise<Payee> {
  const row = await knex('invoice_templates')
    .select('entity', 'bank')
    .orderByRaw('(contract_template_id IS NOT DISTINCT FROM ?) DESC, id', [CONTRACT_DEFAULTS.template_id])
    .first();
  return { entity: row?.entity ?? '', bank: row?.bank ?? null };
}
