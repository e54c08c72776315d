import { infiniteQueryOptions } from '@tanstack/react-query';
import { projectEndpoints } from '@shared/contract/projects';
import { call } from '../../../lib/api-client';
import { projectQueries } from './projects';

/** Under the project's detail key, so every mutation that invalidates projectQueries.all refreshes it. */
export const projectActivityQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...projectQueries.detail(id).queryKey, 'activity'] as const,
    queryFn: ({ pageParam }) => call(projectEndpoints.activity, { params: { id }, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
