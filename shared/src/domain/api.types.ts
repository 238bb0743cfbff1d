/** Response envelopes of docs/api.md and ARCHITECTURE §4. */

export interface ListMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface ItemResponse<T> {
  data: T;
}

export type MessageParams = Record<string, string | number>;

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
  params?: MessageParams;
  /** 409 `version_conflict` (an update sent with If-Match, docs/api.md "Offline writes"): the row as it is now. */
  current?: Record<string, unknown>;
}

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
