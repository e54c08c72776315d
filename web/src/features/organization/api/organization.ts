import * as organizationEndpoints from '@shared/contract/organization';
import type { OrganizationRequest } from '@shared/schemas/organization';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userQueries } from '../../../lib/current-user';

/** Renames the organization or sets its two-factor requirement; both live in the current user's roles. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OrganizationRequest & { id: string }) =>
      call(organizationEndpoints.update, { params: { id }, body }),
    onSuccess: (org) =>
      queryClient.setQueryData(userQueries.current().queryKey, (user) =>
        user
          ? {
              ...user,
              roles: user.roles.map((entry) => (entry.organization.id === org.id ? { ...entry, organization: org } : entry)),
            }
          : user,
      ),
  });
}
