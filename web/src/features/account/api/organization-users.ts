import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationUserRequest, OrganizationUserResponse } from '../../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';

/** The admins' user table (GET /api/organization/users). */
export const accountUserQueries = {
  all: ['account', 'users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...accountUserQueries.all, 'list'] as const,
      queryFn: () => api.get<OrganizationUserResponse[]>('/api/organization/users'),
    }),
};

/**
 * Other screens show these users too: the member pickers (['organization-users']) and project
 * members (['projects']). Their keys are named here rather than imported, as features never import
 * each other.
 */
const SCREENS_SHOWING_USERS = [accountUserQueries.all, ['organization-users'], ['projects']] as const;

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => Promise.all(SCREENS_SHOWING_USERS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/organization/users: adds a user, or updates the one with that email. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: OrganizationUserRequest) => api.post<OrganizationUserResponse>('/api/organization/users', body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/organization/users/{userId}. */
export function useRemoveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: string) => api.delete<{ id: string }>(`/api/organization/users/${encodeURIComponent(userId)}`),
    onSuccess: invalidate,
  });
}
