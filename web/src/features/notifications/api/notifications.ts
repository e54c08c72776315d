import * as notificationEndpoints from '@shared/contract/notifications';
import { UNREAD_COUNT_POLL_MS } from '@shared/limits';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const notificationQueries = {
  all: queryKeys.notifications,
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

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidate(notificationQueries.all);
  return useMutation({
    mutationFn: () => call(notificationEndpoints.markAllRead),
    onSuccess: () => toast({ title: 'Success', description: 'All notifications marked as read' }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useMarkNotificationRead() {
  const invalidate = useInvalidate(notificationQueries.all);
  return useMutation({
    mutationFn: (id: string) => call(notificationEndpoints.markRead, { params: { id } }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    // Both the list and the badge, whether it worked or not (spec section 7).
    onSettled: invalidate,
  });
}
