import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectStatus } from '@shared/project-statuses';
import type { CreateProjectRequest, ProjectResponse, UpdateProjectRequest } from '@shared/schemas/projects';
import * as projectEndpoints from '@shared/contract/projects';
import { call, callAllPages, callPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

/**
 * Every projects query lives under ['projects'], so a mutation that invalidates `all` refreshes
 * the list, every open detail, the members and the top-bar search at once.
 */
export const projectQueries = {
  all: queryKeys.projects,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all, 'list'] as const,
      queryFn: () => callAllPages(projectEndpoints.list),
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
  /** Under the project's detail key, so every mutation that invalidates `all` refreshes it. */
  activity: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...projectQueries.all, 'detail', id, 'activity'] as const,
      queryFn: ({ pageParam }) => call(projectEndpoints.activity, { params: { id }, query: { cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};

/**
 * The people the member pickers offer (open to every member). Under the organization's users, so a
 * change of a user by an admin refreshes the pickers too.
 */
export const organizationUserQueries = {
  all: queryKeys.organizationUsers,
  /** A page of 100 people at a time, oldest first, or those whose name or email holds `q` (the server searches). */
  pages: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...organizationUserQueries.all, 'pages', q] as const,
      queryFn: ({ pageParam }) => callPage(projectEndpoints.organizationUsers, pageParam ? { next: pageParam } : { query: q ? { q } : {} }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
};

const putMembers = (id: string, memberIds: string[]) => call(projectEndpoints.setMembers, { params: { id }, body: { memberIds } });

/** Thrown when the project was created but its members could not be set: the project exists. */
export class MembersNotSetError extends Error {
  constructor(
    readonly project: ProjectResponse,
    failure: Error,
  ) {
    super(failure.message, { cause: failure });
    this.name = 'MembersNotSetError';
  }
}

/** Refreshes the list, the details and the search after any change. */
const useInvalidateProjects = () => useInvalidate(projectQueries.all);

/** POST /api/projects, then PUT members when members were chosen (spec section 7). */
export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async ({ project, memberIds }: { project: CreateProjectRequest; memberIds: string[] }) => {
      const created = await call(projectEndpoints.create, { body: project });
      if (memberIds.length > 0) {
        try {
          await putMembers(created.id, memberIds);
        } catch (error) {
          throw new MembersNotSetError(created, error as Error);
        }
      }
      return created;
    },
    onSettled: invalidate,
  });
}

/** PATCH /api/projects/{id}, then PUT members when memberIds are given. */
export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: async ({ id, changes, memberIds }: { id: string; changes: UpdateProjectRequest; memberIds?: string[] }) => {
      const updated = await call(projectEndpoints.update, { params: { id }, body: changes });
      if (memberIds) await putMembers(id, memberIds);
      return updated;
    },
    onSettled: invalidate,
  });
}

/** The inline status dropdown: PATCH with the status alone. */
export function useUpdateProjectStatus() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProjectStatus }) =>
      call(projectEndpoints.update, { params: { id }, body: { status } }),
    onSettled: invalidate,
  });
}

export function useSetProjectMembers() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, memberIds }: { id: string; memberIds: string[] }) => putMembers(id, memberIds),
    onSettled: invalidate,
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(projectEndpoints.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      // A deleted project's detail must not be served from the cache.
      queryClient.removeQueries({ queryKey: projectQueries.detail(id).queryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectQueries.all }),
  });
}
