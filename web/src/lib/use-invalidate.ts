import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * For a mutation's onSuccess or onSettled: marks every query under these roots stale (those on
 * screen are read again), and settles when they have been, so the mutation is pending until then.
 */
export function useInvalidate(...roots: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
