import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@school/shared/api';
import { useApi } from '../api-context';
import type { CurrentWeek, InvoicesWeek, StudiesWeek, Weekly } from './analytics-weeks';

const weeklyQuery = <T extends StudiesWeek | InvoicesWeek>(
  client: ApiClient,
  path: string,
  query: Record<string, number>,
) => ({
  queryKey: ['analytics', path, query],
  queryFn: ({ signal }: { signal: AbortSignal }) => client.get<Weekly<T>>(path, query, { signal }),
  placeholderData: keepPreviousData,
});

/**
 * The three weekly lists and the current week (spec part 2 §7), each its own request so a slow
 * one does not hold the others; a range change keeps the previous numbers on screen until the new
 * ones arrive. The range goes to the API (`weeks`), which counts the weeks back from this one.
 */
export function useAnalytics(weeks: number) {
  const { client } = useApi();
  const studies = useQuery(
    weeklyQuery<StudiesWeek>(client, '/api/analytics/studies/weekly', { trial: 0, weeks }),
  );
  const trial = useQuery(
    weeklyQuery<StudiesWeek>(client, '/api/analytics/studies/weekly', { trial: 1, weeks }),
  );
  const invoices = useQuery(weeklyQuery<InvoicesWeek>(client, '/api/analytics/invoices/weekly', { weeks }));
  const current = useQuery({
    queryKey: ['analytics', 'weekNumber'],
    queryFn: ({ signal }) => client.get<CurrentWeek>('/api/analytics/weekNumber', undefined, { signal }),
  });
  const all = [studies, trial, invoices, current];
  return {
    studies: studies.data,
    trial: trial.data,
    invoices: invoices.data,
    current: current.data,
    loading: all.some((query) => query.isPending),
    error: all.find((query) => query.error)?.error ?? null,
    refetch: () => all.forEach((query) => void query.refetch()),
  };
}
