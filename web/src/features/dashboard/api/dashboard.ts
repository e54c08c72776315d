import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as dashboardEndpoints from '@shared/contract/dashboard';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The figures are counted by the stream consumer shortly after a change is written (p95 within
 * 2 s locally), so a dashboard read right after a change may still show the figures before it.
 * For this long after any change made in this tab the dashboard reads again every REFETCH_MS.
 */
const FIGURES_SETTLE_MS = 10_000;
const REFETCH_MS = 1_000;

/** When this tab last changed something (a mutation submitted), 0 if never. */
export function lastChangeAt(queryClient: QueryClient) {
  return Math.max(0, ...queryClient.getMutationCache().getAll().map((mutation) => mutation.state.submittedAt));
}

/** The refetch interval while the figures may still trail a change of this tab, none otherwise. */
export const whileFiguresSettle = (queryClient: QueryClient, at = Date.now()) =>
  at - lastChangeAt(queryClient) < FIGURES_SETTLE_MS ? REFETCH_MS : false;

/**
 * The dashboard summarizes projects, so its key sits under ['projects']: every project mutation
 * invalidates that prefix and the dashboard refreshes with the list, without the projects feature
 * knowing about the dashboard.
 */
export const dashboardQueries = {
  all: queryKeys.dashboard,
  summary: (queryClient: QueryClient) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'summary'] as const,
      queryFn: () => call(dashboardEndpoints.summary),
      refetchInterval: () => whileFiguresSettle(queryClient),
    }),
};
