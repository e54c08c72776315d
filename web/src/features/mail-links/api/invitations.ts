import * as invitationEndpoints from '@shared/contract/invitations';
import { INVITATION_VOIDED } from '@shared/messages';
import { type AcceptInvitationForm, INVALID_INVITATION } from '@shared/schemas/invitations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { ApiError, call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The server's refusal of a link that is unknown, used, revoked or expired, or voided because its
 * inviter is no longer an admin: the message the page shows instead of the form, else undefined.
 */
export const invalidLinkMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 400
    ? [INVALID_INVITATION, INVITATION_VOIDED].find((message) => error.message.includes(message))
    : undefined;
export const isInvalidLink = (error: unknown) => invalidLinkMessage(error) !== undefined;

export const invitationQueries = {
  all: queryKeys.invitations,
  /** Who invites to which organization and role; a link does not change while the page is open. */
  lookup: (token: string) =>
    queryOptions({
      queryKey: [...invitationQueries.all, 'lookup', token] as const,
      queryFn: () => call(invitationEndpoints.lookup, { body: { token } }),
      retry: false,
      staleTime: Infinity,
    }),
};

/**
 * Creates the invitee's account and signs them in. An invalid link is left to the page (it shows
 * its card); other refusals keep the form as typed, each field's message handed to `onFieldError`.
 */
export function useAcceptInvitation(
  token: string,
  organizationName: string,
  onFieldError: (field: keyof AcceptInvitationForm, message: string) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (values: AcceptInvitationForm) => call(invitationEndpoints.accept, { body: { token, ...values } }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueries.current().queryKey, user);
      toast({ title: 'Invitation accepted', description: `Welcome to ${organizationName}, ${user.fullName}!` });
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      if (isInvalidLink(error)) return;
      toast({ title: 'Failed to accept invitation', description: error.message, variant: 'destructive' });
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
          if (field === 'fullName' || field === 'password') onFieldError(field, message);
        }
      }
    },
  });
}
