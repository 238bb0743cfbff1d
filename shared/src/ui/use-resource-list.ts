import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useReducer } from 'react';
import { createResourceApi, type ResourceRow } from '@school/shared/api';
import type { ListMeta } from '@school/shared/domain';
import type { ResourceName } from '@school/shared/resources';
import { useApi } from './api-context';
import {
  checkListAction,
  listQueryReducer,
  normalizeListQuery,
  resourceListKey,
  toResourceQuery,
  type FilterValue,
  type ListAction,
  type ListQuery,
  type ListQueryInput,
} from './resource-list';

export interface ResourceList<R extends ResourceName> {
  rows: ResourceRow<R>[];
  /** The last answer's paging; null before the first one. */
  meta: ListMeta | null;
  query: ListQuery;
  loading: boolean;
  /** A newer page or filter is on its way while the previous rows stay on screen. */
  refreshing: boolean;
  error: unknown;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  toggleSort(field: string): void;
  setFilter(field: string, value: FilterValue | null | undefined): void;
}

/**
 * One page of a registry resource for a generic table (docs/resource-api.md): the table's state
 * (page, size, sort, filters, checked against the registry) and the cached answer. Needs a
 * QueryClientProvider; failures go to the client's global error handling.
 */
export function useResourceList<R extends ResourceName>(
  resource: R,
  initial?: ListQueryInput,
): ResourceList<R> {
  const { client } = useApi();
  const api = useMemo(() => createResourceApi(client), [client]);
  const [query, apply] = useReducer(listQueryReducer, undefined, () => normalizeListQuery(resource, initial));
  const dispatch = (action: ListAction) => apply(checkListAction(resource, action));
  const answer = useQuery({
    queryKey: resourceListKey(resource, query),
    queryFn: ({ signal }) => api.list(resource, toResourceQuery(resource, query), { signal }),
    placeholderData: keepPreviousData,
  });
  return {
    rows: answer.data?.data ?? [],
    meta: answer.data?.meta ?? null,
    query,
    loading: answer.isPending,
    refreshing: answer.isPlaceholderData,
    error: answer.error,
    setPage: (page) => dispatch({ type: 'page', page }),
    setPerPage: (perPage) => dispatch({ type: 'perPage', perPage }),
    toggleSort: (field) => dispatch({ type: 'toggleSort', field }),
    setFilter: (field, value) => dispatch({ type: 'filter', field, value }),
  };
}
