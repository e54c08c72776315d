import * as emailVerificationEndpoints from '@shared/contract/email-verification';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';
import { useInvalidate } from '../../../lib/use-invalidate';

/** Sends the signed-in user a new verification link (the server throttles it). */
export function useResendVerification() {
  const invalidateUser = useInvalidate(userQueries.all);
  return useMutation({
    mutationFn: () => call(emailVerificationEndpoints.resend),
    // A 400 here means the address was verified meanwhile (in another tab): the user query learns it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) void invalidateUser();
    },
  });
}

/** Confirms the address of the link's token; everything is read again, as what the user may see can change with it. */
export function useConfirmEmail(token: string) {
  // The empty key is every query's prefix.
  const invalidateAll = useInvalidate([]);
  return useMutation({
    mutationFn: () => call(emailVerificationEndpoints.confirm, { body: { token } }),
    onSuccess: invalidateAll,
  });
}
