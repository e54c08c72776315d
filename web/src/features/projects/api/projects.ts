import { queryOptions } from '@tanstack/react-query';
import type { ProjectDetailResponse, ProjectMemberResponse, ProjectResponse } from '../../../../../shared/schemas/projects';
import { api } from '../../../lib/api-client';

/**
 * Every projects query lives under ['projects'], so a mutation that invalidates `all` refreshes
 * the list, every open detail, the members and the top-bar search at once.
 */
export const projectQueries = {
  all: ['projects'] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all, 'list'] as const,
      queryFn: () => api.get<ProjectResponse[]>('/api/projects'),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...projectQueries.all, 'detail', id] as const,
      queryFn: () => api.get<ProjectDetailResponse>(`/api/projects/${encodeURIComponent(id)}`),
    }),
  members: (id: string) =>
    queryOptions({
      queryKey: [...projectQueries.all, 'detail', id, 'members'] as const,
      queryFn: () => api.get<ProjectMemberResponse[]>(`/api/projects/${encodeURIComponent(id)}/members`),
    }),
};
