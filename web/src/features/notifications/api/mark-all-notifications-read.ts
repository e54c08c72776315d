import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationCountResponse } from '../../../../../shared/schemas/notifications';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { notificationQueries } from './notifications';

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationCountResponse>('/api/notifications/mark-all-read'),
    onSuccess: () => toast({ title: 'Success', description: 'All notifications marked as read' }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}
