import { queryOptions } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '@shared/limits';
import { notificationEndpoints } from '@shared/contract/notifications';
import { call } from '../../../lib/api-client';

export const notificationQueries = {
  all: ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'list'] as const,
      queryFn: () => call(notificationEndpoints.list),
    }),
  /** The one query with a refetch interval (spec section 7): the bell's badge. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'unread-count'] as const,
      queryFn: async () => (await call(notificationEndpoints.unreadCount)).count,
      refetchInterval: UNREAD_COUNT_POLL_MS,
    }),
};
