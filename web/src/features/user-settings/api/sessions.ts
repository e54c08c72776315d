import { queryOptions, useMutation } from '@tanstack/react-query';
import * as sessionEndpoints from '@shared/contract/sessions';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

/** The caller's own signed-in sessions. */
export const sessionQueries = {
  all: queryKeys.sessions,
  list: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'list'] as const,
      queryFn: () => call(sessionEndpoints.list),
    }),
};

const useInvalidateSessions = () => useInvalidate(sessionQueries.all);

/** Ends one of the caller's other sessions. */
export function useEndSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (id: string) => call(sessionEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Ends every session but this one. */
export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () => call(sessionEndpoints.revokeOthers),
    onSuccess: invalidate,
  });
}
