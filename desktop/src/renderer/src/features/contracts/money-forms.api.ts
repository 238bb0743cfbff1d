import type { ApiClient } from '@school/shared/api';

/** Calls the contract, subscription and invoice forms share (spec part 2 §7). */

export const moneyFormKeys = {
  contractTemplates: ['money-forms', 'contract-templates'] as const,
  invoiceTemplates: ['money-forms', 'invoice-templates'] as const,
  disciplines: ['money-forms', 'disciplines'] as const,
  eurRate: ['money-forms', 'eur-rate'] as const,
  unpaidSubscriptions: ['money-forms', 'unpaid-subscriptions'] as const,
  subscription: (id: number) => ['money-forms', 'subscription', id] as const,
};

export interface ContractTemplateOption {
  id: number;
  name: string;
  url: string | null;
  currency?: string | null;
}

export interface InvoiceTemplateOption {
  id: number;
  name: string;
  entity: string | null;
  bank: string | null;
  contract_template_id: number | null;
}

// Lookups: neither page nor perpage asks for the whole list (docs/resource-api.md).

export async function fetchContractTemplates(client: ApiClient): Promise<ContractTemplateOption[]> {
  return (await client.get<{ data: ContractTemplateOption[] }>('/api/contract_templates', { sort: ['id'] }))
    .data;
}

/** Part 2 §7: `api/invoice_templates` (id, name, entity, bank); a failure is only logged (§8). */
export async function fetchInvoiceTemplates(client: ApiClient): Promise<InvoiceTemplateOption[]> {
  return (await client.get<{ data: InvoiceTemplateOption[] }>('/api/invoice_templates', { sort: ['id'] }))
    .data;
}

export async function fetchDisciplines(client: ApiClient): Promise<Array<{ id: number; name?: string }>> {
  return (
    await client.get<{ data: Array<{ id: number; name?: string }> }>('/api/contract_disciplines', {
      sort: ['id'],
    })
  ).data;
}

export interface EurRate {
  eur_rate: number;
  /** The day of the rate (yyyy-MM-dd). */
  date: string;
  /** The provider did not answer today: the last known rate. */
  stale: boolean;
}

/** Part 2 §7: `GET api/exchange-rate/eur`; a failure is only logged (§8): the rate is typed in. */
export async function fetchEurRate(client: ApiClient): Promise<EurRate> {
  return client.get<EurRate>('/api/exchange-rate/eur');
}
