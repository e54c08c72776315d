import * as passwordResetEndpoints from '@shared/contract/password-reset';
import type { PasswordResetRequest } from '@shared/schemas/password-reset';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { ApiError, call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Asks for a reset link; the answer is the same sentence whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetRequest) => call(passwordResetEndpoints.request, { body }) });

/**
 * Sets the new password of the link's token, then sends the user to sign in. The server names the
 * field at fault (a common password): `onNewPasswordError` puts its message under that field.
 */
export function useConfirmPasswordReset(token: string, onNewPasswordError: (message: string) => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (newPassword: string) => call(passwordResetEndpoints.confirm, { body: { token, newPassword } }),
    onSuccess: () => {
      toast({ title: 'Password updated', description: 'Your password has been reset. Please sign in with your new password.' });
      void navigate('/auth');
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.fieldErrors?.newPassword : undefined;
      if (message) onNewPasswordError(message);
    },
  });
}

/**
 * Whether the link still works, asked once as the page opens: a used, voided or expired link is
 * said at once instead of after the new password is typed twice. A check that could not be made
 * (offline, say) leaves the form; the confirm answers then.
 */
export const usePasswordResetLinkCheck = (token: string) =>
  useQuery({
    queryKey: [...queryKeys.passwordResetLink, token],
    queryFn: () => call(passwordResetEndpoints.check, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
