import * as projectEndpoints from '@shared/contract/projects';
import type { ProjectStatus } from '@shared/project-statuses';
import type { CreateProjectRequest, ProjectResponse, UpdateProjectRequest } from '@shared/schemas/projects';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../../lib/api-client';
import type { ProjectListFilters } from '../../../lib/project-list-view';
import { queryKeys } from '../../../lib/query-keys';
import { useSubmitKey } from '../../../lib/submit-key';
import { useInvalidate } from '../../../lib/use-invalidate';
import { rowQueryKeys, useProjectRowsChanged } from '../lib/project-rows';

/**
 * The palette's results: a few are enough to choose from, and the spec's palette shows twelve
 * projects at once when its input is empty (a list that scrolls at 300 px).
 */
export const PROJECT_SEARCH_RESULTS = 20;

/**
 * Every projects query lives under ['projects'], so a mutation that invalidates `all` refreshes
 * the list, every open detail, the members and the top-bar search at once.
 */
export const projectQueries = {
  all: queryKeys.projects,
  /**
   * /projects, page after page as the server's Link names them; filters and order are the server's
   * (decision 030). Every list is under [...all, 'list'], whose rows a change replaces in place.
   */
  list: (filters: ProjectListFilters) =>
    infiniteQueryOptions({
      queryKey: [...rowQueryKeys.list, filters] as const,
      queryFn: ({ pageParam, signal }) => callPage(projectEndpoints.list, { query: filters, next: pageParam, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
  /**
   * The organization's project count beside a filtered list: X-Total-Count of the unfiltered first
   * page, which the server sends only when that page is the whole list (decision 062); null above.
   */
  total: () =>
    queryOptions({
      queryKey: rowQueryKeys.total,
      queryFn: async ({ signal }) => (await callPage(projectEndpoints.list, { signal })).total ?? null,
    }),
  /**
   * The Cmd/Ctrl+K palette: the server's name search (the first projects for an empty query). A
   * short page that names a next one (the server stopped reading: decision 104) is followed once.
   */
  search: (q: string) =>
    queryOptions({
      queryKey: [...rowQueryKeys.search, q] as const,
      // The signal cancels the request of a query typed over before it was answered.
      queryFn: async ({ signal }) => {
        const first = await callPage(projectEndpoints.list, {
          query: { q: q || undefined, limit: String(PROJECT_SEARCH_RESULTS) },
          signal,
        });
        if (first.items.length >= PROJECT_SEARCH_RESULTS || !first.next) return first.items;
        const second = await callPage(projectEndpoints.list, { next: first.next, signal });
        return [...first.items, ...second.items].slice(0, PROJECT_SEARCH_RESULTS);
      },
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

const putMembers = (id: string, memberIds: string[]) =>
  call(projectEndpoints.setMembers, { params: { id }, body: { memberIds } });

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

/** Refreshes the list, the details and the search after a creation, a deletion or a failed change. */
const useInvalidateProjects = () => useInvalidate(projectQueries.all);

/** POST /api/projects, then PUT members when members were chosen (spec section 7). */
export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: async ({ project, memberIds }: { project: CreateProjectRequest; memberIds: string[] }) => {
      // Sent again after MembersNotSetError, the same project answers again and only its members are set.
      const created = await call(projectEndpoints.create, { body: project, idempotencyKey: submitKey.keyFor(project) });
      if (memberIds.length > 0) {
        try {
          await putMembers(created.id, memberIds);
        } catch (error) {
          throw new MembersNotSetError(created, error as Error);
        }
      }
      return created;
    },
    onSuccess: submitKey.succeeded,
    onSettled: invalidate,
  });
}

/**
 * PATCH /api/projects/{id}, then PUT members when memberIds are given. The answer replaces the
 * project's row in every loaded page rather than reading the pages again; a failure reads all anew.
 */
export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  const rowsChanged = useProjectRowsChanged();
  return useMutation({
    mutationFn: async ({ id, changes, memberIds }: { id: string; changes: UpdateProjectRequest; memberIds?: string[] }) => {
      const updated = await call(projectEndpoints.update, { params: { id }, body: changes });
      if (memberIds) await putMembers(id, memberIds);
      return updated;
    },
    onSuccess: (updated, { memberIds }) => rowsChanged({ project: updated, membersChanged: memberIds !== undefined }),
    onError: invalidate,
  });
}

/** The inline status dropdown: PATCH with the status alone; its row changes in place. */
export function useUpdateProjectStatus() {
  const invalidate = useInvalidateProjects();
  const rowsChanged = useProjectRowsChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProjectStatus }) =>
      call(projectEndpoints.update, { params: { id }, body: { status } }),
    onSuccess: (updated) => rowsChanged({ project: updated }),
    onError: invalidate,
  });
}

/** PUT members: no row shows members, so only what does (details, 'my projects') is read again. */
export function useSetProjectMembers() {
  const invalidate = useInvalidateProjects();
  const rowsChanged = useProjectRowsChanged();
  return useMutation({
    mutationFn: ({ id, memberIds }: { id: string; memberIds: string[] }) => putMembers(id, memberIds),
    onSuccess: () => rowsChanged({ membersChanged: true }),
    onError: invalidate,
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: string) => call(projectEndpoints.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      // A deleted project's detail must not be served from the cache.
      queryClient.removeQueries({ queryKey: projectQueries.detail(id).queryKey });
    },
    onSettled: invalidate,
  });
}
