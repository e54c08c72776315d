import * as passkeyEndpoints from '@shared/contract/passkeys';
import * as sessionEndpoints from '@shared/contract/sessions';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
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

/** Ends every session but this one: a security change, confirmed with the password first when the session has not lately. */
export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () => withStepUp(() => call(sessionEndpoints.revokeOthers)),
    onSuccess: invalidate,
  });
}

/** Confirms the password on this session ('Confirm it's you'): security changes are open to it for 5 minutes. */
export const useStepUp = () =>
  useMutation({ mutationFn: (password: string) => call(sessionEndpoints.stepUp, { body: { password } }) });

/** 'Use a passkey instead' in 'Confirm it's you': one of the user's passkeys, in the browser's own dialog, confirms this session (docs/decisions/056). */
export const useStepUpWithPasskey = () =>
  useMutation({
    mutationFn: async () => {
      // The dialog is in every signed-in page: the WebAuthn client loads only when a passkey is used.
      const [options, { startAuthentication }] = await Promise.all([
        call(passkeyEndpoints.stepUpOptions),
        import('@simplewebauthn/browser'),
      ]);
      const response = await startAuthentication({ optionsJSON: options });
      return call(passkeyEndpoints.stepUp, { body: { response } });
    },
  });
