import { queryOptions } from '@tanstack/react-query';
import * as projectEndpoints from '@shared/contract/projects';
import { call } from '../../../lib/api-client';

/** The people the member pickers offer (open to every member). */
export const organizationUserQueries = {
  all: ['organization-users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...organizationUserQueries.all, 'list'] as const,
      queryFn: () => call(projectEndpoints.organizationUsers),
    }),
};
