import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../components/ui/toast';
import { userQueries } from '../lib/current-user';
import { whenSessionEnds } from '../lib/session-ended';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * When a signed-in page's request finds its session ended: the user is forgotten (the protected
 * layout then goes to /auth with this page as the deep link), the previous user's data leaves the
 * cache, and one toast says why. Requests that meet the same end afterwards change nothing.
 */
export function SessionEndedHandler() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenSessionEnds(() => {
        if (!queryClient.getQueryData(userQueries.current().queryKey)) return;
        queryClient.setQueryData(userQueries.current().queryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueries.all[0] });
        toast({ title: SESSION_ENDED_MESSAGE });
      }),
    [queryClient],
  );
  return null;
}
