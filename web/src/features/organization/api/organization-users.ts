import * as organizationUserEndpoints from '@shared/contract/organization-users';
import type { OrganizationUserRequest } from '@shared/schemas/organization-users';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSubmitKey } from '../../../lib/submit-key';
import { useInvalidate } from '../../../lib/use-invalidate';

/**
 * Other screens show these users too: the member pickers (under the same root as this table) and
 * project members. Their roots come from lib/query-keys.ts, as features never import each other.
 */
const SCREENS_SHOWING_USERS = [queryKeys.organizationUsers, queryKeys.projects] as const;

const useInvalidateUsers = () => useInvalidate(...SCREENS_SHOWING_USERS);

/** Adds a user, or updates the one with that email. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (body: OrganizationUserRequest) =>
      call(organizationUserEndpoints.saveUser, { body, idempotencyKey: submitKey.keyFor(body) }),
    onSuccess: () => {
      submitKey.succeeded();
      return invalidate();
    },
  });
}

export function useRemoveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: string) => call(organizationUserEndpoints.removeUser, { params: { userId } }),
    onSuccess: invalidate,
  });
}

/** An admin resets another user's two-factor sign-in (they set it up again at their next sign-in). */
export function useResetUserMfa() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: string) => call(organizationUserEndpoints.resetUserMfa, { params: { userId } }),
    onSuccess: invalidate,
  });
}
