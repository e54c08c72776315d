import * as dashboardEndpoints from '@shared/contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The dashboard summarizes projects, so its key sits under ['projects']: every project mutation
 * invalidates that prefix and the dashboard refreshes with the list, without the projects feature
 * knowing about the dashboard.
 */
export const dashboardQueries = {
  all: queryKeys.dashboard,
  summary: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'summary'] as const,
      queryFn: () => call(dashboardEndpoints.summary),
    }),
};
