import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createResourceApi, type ResourceQuery } from '@school/shared/api';
import type { ListMeta } from '@school/shared/domain';
import { useApi } from '../api-context';
import { listQueryReducer, type ListAction } from '../resource-list';
import { useRouter } from '../router';
import {
  adminTableKey,
  readTableView,
  tableViewSearch,
  toAdminResourceQuery,
  writeTableView,
  type AdminTableConfig,
  type AdminTableView,
} from './admin-table-view';

export interface UseAdminTableOptions {
  config: AdminTableConfig;
  /** The admin page (`/admin/studies`): the view's URL. */
  pagePath: string;
  /** The page a form dialog was opened over (history state), if any. */
  background: string | null;
  /** The page size remembered for this table; undefined: none yet. */
  storedPerPage?: number;
  rememberPerPage?(perPage: number): void;
  /** False until what the view depends on (the remembered page size) is known. */
  enabled?: boolean;
}

export interface AdminTable<Row> {
  view: AdminTableView;
  /** The API call of the view (for a link to the same view, and tests). */
  query: ResourceQuery;
  rows: Row[];
  meta: ListMeta | null;
  loading: boolean;
  /** Never loaded and paused until the server is back (the staff app offline, issue 34). */
  notLoadedOffline: boolean;
  /** A newer view is on its way while the previous rows stay on screen. */
  refreshing: boolean;
  error: unknown;
  refetch(): void;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  toggleSort(field: string): void;
  setFilter(key: string, value: string | null | undefined): void;
  /** Every filter back to the table's defaults (paging size and sort stay). */
  resetFilters(): void;
  /** DELETE the row, then every list of the resource refreshes; rejects with the API error. */
  remove(id: number): Promise<void>;
  removing: boolean;
}

/**
 * A generic admin table's data and URL state (spec part 1 §2, §9): the view lives in the page's
 * query string (replace for filters, a history entry for paging and sorting), the rows come from
 * GET /api/{resource} through react-query. A view superseded before its answer (typing in a
 * filter) is cancelled: its query loses its observer and react-query aborts the request's signal.
 * Failures go to the query client's global error handling (toasts).
 */
export function useAdminTable<Row = Record<string, unknown>>(options: UseAdminTableOptions): AdminTable<Row> {
  const { config, pagePath, background, storedPerPage, rememberPerPage, enabled = true } = options;
  const { query: urlQuery, navigate } = useRouter();
  const { client } = useApi();
  const queryClient = useQueryClient();
  const api = useMemo(() => createResourceApi(client), [client]);
  const search = urlQuery.toString();
  const viewSearch = useMemo(
    () => tableViewSearch(pagePath, new URLSearchParams(search), background).toString(),
    [pagePath, search, background],
  );
  const view = useMemo(
    () => readTableView(config, new URLSearchParams(viewSearch), storedPerPage),
    [config, viewSearch, storedPerPage],
  );
  const query = useMemo(() => toAdminResourceQuery(config, view), [config, view]);

  const answer = useQuery({
    queryKey: adminTableKey(config.resource, query),
    queryFn: ({ signal }) => api.list<typeof config.resource, Row>(config.resource, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

  // The latest view for callbacks fired from stale closures (a debounced filter input).
  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);

  const apply = useCallback(
    (action: ListAction, replace: boolean) => {
      const next = listQueryReducer(latest.current, action) as AdminTableView;
      const text = writeTableView(config, next);
      latest.current = next;
      navigate(text ? `${pagePath}?${text}` : pagePath, { replace });
    },
    [config, navigate, pagePath],
  );

  const removal = useMutation({
    mutationFn: (id: number) => api.remove(config.resource, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resources', config.resource] }),
  });

  const rows = answer.data?.data ?? [];
  const meta = answer.data?.meta ?? null;
  // A delete that emptied the last page: show the page before it.
  useEffect(() => {
    if (
      meta &&
      rows.length === 0 &&
      view.page > 1 &&
      meta.last_page < view.page &&
      !answer.isPlaceholderData
    ) {
      apply({ type: 'page', page: Math.max(1, meta.last_page) }, true);
    }
  }, [meta, rows.length, view.page, answer.isPlaceholderData, apply]);

  return {
    view,
    query,
    rows,
    meta,
    loading: answer.isPending && answer.fetchStatus !== 'paused',
    notLoadedOffline: answer.isPending && answer.fetchStatus === 'paused',
    refreshing: answer.isPlaceholderData || (answer.isFetching && !answer.isPending),
    error: answer.error,
    refetch: () => void answer.refetch(),
    setPage: (page) => apply({ type: 'page', page }, false),
    setPerPage: (perPage) => {
      rememberPerPage?.(perPage);
      apply({ type: 'perPage', perPage }, false);
    },
    toggleSort: (field) => apply({ type: 'toggleSort', field }, false),
    setFilter: (key, value) => {
      // A cleared filter is '' in the state, so a default filter can be switched off (`key=`).
      const next = { ...latest.current.filters } as Record<string, string>;
      if (value === null || value === undefined || value === '') delete next[key];
      else next[key] = value;
      const text = writeTableView(config, { ...latest.current, page: 1, filters: next });
      latest.current = { ...latest.current, page: 1, filters: next };
      // Any state keeps the scroll position (typing in a filter must not jump to the top).
      navigate(text ? `${pagePath}?${text}` : pagePath, { replace: true, state: { tableView: true } });
    },
    resetFilters: () => {
      const filters = readTableView(config, new URLSearchParams()).filters;
      const text = writeTableView(config, { ...latest.current, page: 1, filters });
      latest.current = { ...latest.current, page: 1, filters };
      navigate(text ? `${pagePath}?${text}` : pagePath, { replace: true, state: { tableView: true } });
    },
    remove: async (id) => {
      await removal.mutateAsync(id);
    },
    removing: removal.isPending,
  };
}
