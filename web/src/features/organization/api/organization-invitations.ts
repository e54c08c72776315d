import * as organizationInvitationEndpoints from '@shared/contract/organization-invitations';
import type { InvitationRequest } from '@shared/schemas/organization-invitations';
import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import { call, callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSubmitKey } from '../../../lib/submit-key';
import { useInvalidate } from '../../../lib/use-invalidate';

/** The admins' invitations: pending ones and those of the last 30 days, newest first, a page at a time. */
export const organizationInvitationQueries = {
  all: queryKeys.organizationInvitations,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...organizationInvitationQueries.all, 'list'] as const,
      queryFn: ({ pageParam, signal }) => callPage(organizationInvitationEndpoints.list, { next: pageParam, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
};

const useInvalidateInvitations = () => useInvalidate(organizationInvitationQueries.all);

export function useInviteUser() {
  const invalidate = useInvalidateInvitations();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (body: InvitationRequest) =>
      call(organizationInvitationEndpoints.create, { body, idempotencyKey: submitKey.keyFor(body) }),
    onSuccess: () => {
      submitKey.succeeded();
      return invalidate();
    },
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (id: string) => call(organizationInvitationEndpoints.resend, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: (id: string) => call(organizationInvitationEndpoints.revoke, { params: { id } }),
    onSuccess: invalidate,
  });
}
