import { queryOptions } from '@tanstack/react-query';
import { UNREAD_COUNT_POLL_MS } from '../../../../../shared/limits';
import type { NotificationCountResponse, NotificationResponse } from '../../../../../shared/schemas/notifications';
import { api } from '../../../lib/api-client';

export const notificationQueries = {
  all: ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'list'] as const,
      queryFn: () => api.get<NotificationResponse[]>('/api/notifications'),
    }),
  /** The one query with a refetch interval (spec section 7): the bell's badge. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'unread-count'] as const,
      queryFn: async () => (await api.get<NotificationCountResponse>('/api/notifications/unread/count')).count ?? 0,
      refetchInterval: UNREAD_COUNT_POLL_MS,
    }),
};
