import { queryOptions } from '@tanstack/react-query';
import { projectEndpoints } from '@shared/contract/projects';
import { call } from '../../../lib/api-client';

/**
 * Every projects query lives under ['projects'], so a mutation that invalidates `all` refreshes
 * the list, every open detail, the members and the top-bar search at once.
 */
export const projectQueries = {
  all: ['projects'] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all, 'list'] as const,
      queryFn: () => call(projectEndpoints.list),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...projectQueries.all, 'detail', id] as const,
      queryFn: () => call(projectEndpoints.detail, { params: { id } }),
    }),
  members: (id: string) =>
    queryOptions({
      queryKey: [...projectQueries.all, 'detail', id, 'members'] as const,
      queryFn: () => call(projectEndpoints.members, { params: { id } }),
    }),
};
