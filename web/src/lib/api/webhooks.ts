import * as webhookEndpoints from '@shared/contract/webhooks';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * The organization's webhook endpoints (issue 65), admins only. Here, not in a feature, as the
 * automations' builder (components/automations) offers them to its webhook action beside the
 * organization settings' own screen.
 */
export const webhookQueries = {
  all: queryKeys.webhooks,
  list: () =>
    queryOptions({
      queryKey: [...queryKeys.webhooks, 'list'] as const,
      queryFn: () => call(webhookEndpoints.list),
      select: (answer) => answer.webhooks,
    }),
  deliveries: (webhookId: string) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.webhooks, 'deliveries', webhookId] as const,
      queryFn: ({ pageParam }) =>
        call(webhookEndpoints.deliveries, { params: { id: webhookId }, query: pageParam ? { cursor: pageParam } : {} }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};
