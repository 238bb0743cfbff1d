import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@school/shared/api';
import { OFFLINE_CACHE_MAX_AGE_MS } from '../features/offline/offline-cache.rules';

/**
 * Server data cache. Every failed load or save goes through the global error handling
 * (spec part 1 §8): a toast, or a reload on `Unauthenticated.`. A query that handles its
 * own failure sets `meta: { silent: true }`.
 */
export function createQueryClient(reportError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept as long as the offline cache lasts (features/offline): hours or days without the server.
        gcTime: OFFLINE_CACHE_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        // A refused or invalid request fails the same way twice; only a network blip or a 5xx is retried.
        retry: (count, error) =>
          count < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      // Writes are not paused offline: they fail as before (and the write queue decides, issue 34).
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
