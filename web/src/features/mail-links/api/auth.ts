import * as authEndpoints from '@shared/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';

/**
 * Signs out whoever is signed in, staying on the invitation: an invitation creates a new account,
 * so the page then offers its form. Nothing of the previous user's data stays in the cache.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSuccess: () => {
      queryClient.setQueryData(userQueries.current().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueries.all[0] });
    },
    onError: (error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });
}
