import { MutationCache, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * The dashboard's figures are counted by the stream consumer a moment after a change is written
 * (decision 032), so the refresh every mutation triggers may read them before they move. After a
 * change the dashboard is read again at these delays, if it is on screen (an inactive query is only
 * marked stale): no refetch interval, only the mutation's refresh, repeated once the figures are in.
 */
export const FIGURES_SETTLED_AFTER_MS = [2_000, 5_000] as const;

/** Spec section 7: no refetch interval or on focus, data never stale, no retries. */
export const createQueryClient = () => {
  const mutationCache = new MutationCache({
    onSuccess: () => {
      for (const delay of FIGURES_SETTLED_AFTER_MS)
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }), delay);
    },
  });
  const queryClient = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY, retry: false, refetchInterval: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
};
