import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@shared/contract/notifications';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { notificationQueries } from './notifications';

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificationEndpoints.markRead, { params: { id } }),
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    // Both the list and the badge, whether it worked or not (spec section 7).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}
