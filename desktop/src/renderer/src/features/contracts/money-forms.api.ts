import { anyOfFilter, type ApiClient } from '@school/shared/api';

/** Calls the contract, subscription and invoice forms share (spec part 2 §7). */

export const moneyFormKeys = {
  people: (scope: string) => ['money-forms', 'people', scope] as const,
  person: (id: number) => ['money-forms', 'person', id] as const,
  contractTemplates: ['money-forms', 'contract-templates'] as const,
  invoiceTemplates: ['money-forms', 'invoice-templates'] as const,
  disciplines: ['money-forms', 'disciplines'] as const,
  eurRate: ['money-forms', 'eur-rate'] as const,
  unpaidSubscriptions: ['money-forms', 'unpaid-subscriptions'] as const,
  subscription: (id: number) => ['money-forms', 'subscription', id] as const,
};

const SEARCH_LIMIT = 15;

export interface PersonContract {
  id: number;
  payer_id?: number | null;
  template_id?: number | null;
  payer?: { id: number; full_name: string } | null;
}

export interface PersonOption {
  id: number;
  full_name: string;
  role_id: number;
  /** Only when asked for (the subscription form's student). */
  contracts?: PersonContract[];
}

export interface PeopleSearch {
  /** Role ids to search among (`filter[role_id]=3|7`); any role when absent. */
  roles?: readonly number[];
  /** With each person's contracts and their payers (the subscription form's student). */
  withContracts?: boolean;
}

const PERSON_COLUMNS = ['id', 'full_name', 'role_id'];
const CONTRACT_RELATIONS = ['contracts', 'contracts.payer:id,full_name'];

/** Active users whose full name starts with the text, by name (part 2 §5, §7 "user search"). */
export async function searchPeople(client: ApiClient, text: string, scope: PeopleSearch, signal?: AbortSignal): Promise<PersonOption[]> {
  const answer = await client.get<{ data: PersonOption[] }>(
    '/api/users',
    {
      having: { full_name: `${text}%` },
      filter: { active: 1, ...(scope.roles ? { role_id: anyOfFilter(scope.roles) } : {}) },
      select: PERSON_COLUMNS,
      with: scope.withContracts ? CONTRACT_RELATIONS : undefined,
      sort: 'full_name',
      page: 1,
      perpage: SEARCH_LIMIT,
    },
    { signal },
  );
  return answer.data;
}

/** One user by id (a `?create` link's preset, a stored package's teacher). */
export async function fetchPerson(client: ApiClient, id: number, withContracts: boolean, signal?: AbortSignal): Promise<PersonOption | null> {
  const answer = await client.get<{ data: PersonOption[] }>(
    '/api/users',
    { filter: { id }, select: PERSON_COLUMNS, with: withContracts ? CONTRACT_RELATIONS : undefined },
    { signal },
  );
  return answer.data[0] ?? null;
}

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
  return (await client.get<{ data: ContractTemplateOption[] }>('/api/contract_templates', { sort: ['id'] })).data;
}

/** Part 2 §7: `api/invoice_templates` (id, name, entity, bank); a failure is only logged (§8). */
export async function fetchInvoiceTemplates(client: ApiClient): Promise<InvoiceTemplateOption[]> {
  return (await client.get<{ data: InvoiceTemplateOption[] }>('/api/invoice_templates', { sort: ['id'] })).data;
}

export async function fetchDisciplines(client: ApiClient): Promise<Array<{ id: number; name?: string }>> {
  return (await client.get<{ data: Array<{ id: number; name?: string }> }>('/api/contract_disciplines', { sort: ['id'] })).data;
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
