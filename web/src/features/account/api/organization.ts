import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationRequest, OrganizationResponse } from '../../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';
import { userQueries } from '../../auth/api/current-user';

/** PATCH /api/organization/{id}; the organization's name lives in the current user's roles. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: OrganizationRequest & { id: string }) =>
      api.patch<OrganizationResponse>(`/api/organization/${encodeURIComponent(id)}`, { name }),
    onSuccess: (org) =>
      queryClient.setQueryData(userQueries.current().queryKey, (user) =>
        user
          ? { ...user, roles: user.roles.map((entry) => (entry.organization.id === org.id ? { ...entry, organization: org } : entry)) }
          : user,
      ),
  });
}
