import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationEndpoints } from '../../../../../shared/contract/organization';
import type { OrganizationRequest } from '../../../../../shared/schemas/account';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../auth/api/current-user';

/** Renames the organization; its name lives in the current user's roles. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: OrganizationRequest & { id: string }) =>
      call(organizationEndpoints.update, { params: { id }, body: { name } }),
    onSuccess: (org) =>
      queryClient.setQueryData(userQueries.current().queryKey, (user) =>
        user
          ? { ...user, roles: user.roles.map((entry) => (entry.organization.id === org.id ? { ...entry, organization: org } : entry)) }
          : user,
      ),
  });
}
