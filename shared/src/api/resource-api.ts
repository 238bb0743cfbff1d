import type {
  Classification,
  Contract,
  ContractTemplate,
  Invoice,
  InvoiceTemplate,
  ItemResponse,
  Language,
  ListResponse,
  Offperiod,
  Phone,
  Recording,
  Reference,
  Role,
  Schedule,
  Study,
  StudyMessage,
  StudyReport,
  StudyTask,
  Subscription,
  Teacher,
  User,
  Workperiod,
} from '@school/shared/domain';
import type { ResourceName } from '@school/shared/resources';
import type { ApiClient, RequestOptions } from './api-client';
import type { QueryObject, QueryScalar } from './query-string';

/** Row types the domain declares; the other resources answer plain rows. */
interface KnownRows {
  users: User;
  teachers: Teacher;
  studies: Study;
  study_tasks: StudyTask;
  study_messages: StudyMessage;
  study_reports: StudyReport;
  recordings: Recording;
  schedules: Schedule;
  workperiods: Workperiod;
  offperiods: Offperiod;
  contracts: Contract;
  subscriptions: Subscription;
  invoices: Invoice;
  phones: Phone;
  roles: Role;
  languages: Language;
  classifications: Classification;
  contract_templates: ContractTemplate;
  invoice_templates: InvoiceTemplate;
  study_types: Reference;
  user_sources: Reference;
  responsibletypes: Reference;
  phone_types: Reference;
}

export type ResourceRow<R extends ResourceName> = R extends keyof KnownRows
  ? KnownRows[R]
  : { id: number } & Record<string, unknown>;

/**
 * The query language of docs/resource-api.md, typed. Relation paths and field names stay strings:
 * the server answers 400 `bad_query` for names the registry does not declare.
 */
export interface ResourceQuery {
  page?: number;
  perpage?: number;
  sort?: readonly string[];
  filter?: Readonly<Record<string, QueryScalar>>;
  filterDatesStart?: Readonly<Record<string, string>>;
  filterDatesEnd?: Readonly<Record<string, string>>;
  having?: Readonly<Record<string, string>>;
  with?: readonly string[];
  withCount?: readonly string[];
  withFilter?: Readonly<Record<string, QueryScalar>>;
  withHaving?: Readonly<Record<string, string>>;
  withSort?: Readonly<Record<string, string>>;
  select?: readonly string[];
}

/** A body field may be a value, a list (belongsToMany ids, hasMany rows) or null. */
export type ResourceBody = Readonly<Record<string, unknown>>;

/**
 * `T` defaults to the resource's row type; a call that narrows the answer (`select[]`, `rel:cols`)
 * or widens it (`with[]`) names the shape it asked for.
 */
export interface ResourceApi {
  path(resource: ResourceName, id?: number): string;
  list<R extends ResourceName, T = ResourceRow<R>>(
    resource: R,
    query?: ResourceQuery,
    options?: RequestOptions,
  ): Promise<ListResponse<T>>;
  read<R extends ResourceName, T = ResourceRow<R>>(
    resource: R,
    id: number,
    query?: ResourceQuery,
    options?: RequestOptions,
  ): Promise<T>;
  create<R extends ResourceName, T = ResourceRow<R>>(
    resource: R,
    body: ResourceBody,
    query?: ResourceQuery,
  ): Promise<T>;
  update<R extends ResourceName, T = ResourceRow<R>>(
    resource: R,
    id: number,
    body: ResourceBody,
    query?: ResourceQuery,
  ): Promise<T>;
  remove(resource: ResourceName, id: number): Promise<void>;
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`not a row id: ${id}`);
  return id;
}

/** `/api/{resource}` and `/api/{resource}/{id}`, the generic routes of the resource engine. */
export function resourcePath(resource: ResourceName, id?: number): string {
  return id === undefined ? `/api/${resource}` : `/api/${resource}/${checkId(id)}`;
}

/** Typed calls of the generic resource routes (docs/resource-api.md): no free URL strings. */
export function createResourceApi(client: ApiClient): ResourceApi {
  const asQuery = (query: ResourceQuery | undefined) => query as QueryObject | undefined;
  return {
    path: resourcePath,
    list: (resource, query, options) => client.get(resourcePath(resource), asQuery(query), options),
    async read(resource, id, query, options) {
      return (await client.get<ItemResponse<never>>(resourcePath(resource, id), asQuery(query), options))
        .data;
    },
    async create(resource, body, query) {
      return (await client.post<ItemResponse<never>>(resourcePath(resource), body, { query: asQuery(query) }))
        .data;
    },
    async update(resource, id, body, query) {
      return (
        await client.patch<ItemResponse<never>>(resourcePath(resource, id), body, { query: asQuery(query) })
      ).data;
    },
    async remove(resource, id) {
      await client.delete<void>(resourcePath(resource, id));
    },
  };
}
