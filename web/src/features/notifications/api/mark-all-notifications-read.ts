import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@shared/contract/notifications';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { notificationQueries } from './notifications';

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationEndpoints.markAllRead),
    onSuccess: () => toast({ title: 'Success', description: 'All notifications marked as read' }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}
