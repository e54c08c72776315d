import { queryOptions } from '@tanstack/react-query';
import type { OrganizationUserResponse } from '../../../../../shared/schemas/projects';
import { api } from '../../../lib/api-client';

/** The people the member pickers offer (GET /api/organization-users, open to every member). */
export const organizationUserQueries = {
  all: ['organization-users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...organizationUserQueries.all, 'list'] as const,
      queryFn: () => api.get<OrganizationUserResponse[]>('/api/organization-users'),
    }),
};
