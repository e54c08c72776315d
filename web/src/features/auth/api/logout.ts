import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { authEndpoints } from '@shared/contract/auth';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';

/** POST /api/logout, then the home page with the user cleared (spec sections 2 and 4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(authEndpoints.logout),
    onSuccess: async () => {
      // Leave the protected area first: clearing the user there would redirect to /auth instead
      // (the protected layout also checks that it is not being left).
      await navigate('/');
      queryClient.setQueryData(userQueries.current().queryKey, null);
      // Nothing of the previous user's data may show to whoever signs in next in this tab.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueries.all[0] });
      toast({ title: 'Logout successful', description: 'You have been logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
