import type { ProjectResponse } from '@shared/schemas/projects';
import { type InfiniteData, type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A page of the projects list as the cache holds it. */
export type ProjectPage = ListPage<ProjectResponse[]>;

/**
 * The project queries that hold rows of the list (or count them): the list's pages, whatever their
 * filters, and the palette's results. projectQueries builds their keys from these.
 */
export const rowQueryKeys = {
  list: [...queryKeys.projects, 'list'],
  search: [...queryKeys.projects, 'search'],
  total: [...queryKeys.projects, 'total'],
} as const;

const replaceIn = (rows: ProjectResponse[], project: ProjectResponse) =>
  rows.some((row) => row.id === project.id) ? rows.map((row) => (row.id === project.id ? project : row)) : rows;

/** The pages with the project's row replaced where it is; pages without it are kept as they are. */
export function withProjectReplaced(data: InfiniteData<ProjectPage, unknown> | undefined, project: ProjectResponse) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((row) => row.id === project.id) ? { ...page, items: replaceIn(page.items, project) } : page,
    ),
  };
}

/**
 * After a project changed (its PATCH answer, or only its members): its row is replaced in every
 * loaded page of every list and in the palette's results, which are not read again — at 50,000
 * projects a user may have scrolled through hundreds. The row stays where it is even when it no
 * longer matches the list's filter or order, until the list is next read (as a created or deleted
 * project does). Everything else under projects (details, members, activity, the dashboard) is
 * read again as any change does it; so are 'my projects' lists after a members change.
 */
export function projectRowsChanged(
  queryClient: QueryClient,
  { project, membersChanged = false }: { project?: ProjectResponse; membersChanged?: boolean },
) {
  if (project) {
    queryClient.setQueriesData<InfiniteData<ProjectPage, unknown>>({ queryKey: rowQueryKeys.list }, (data) =>
      withProjectReplaced(data, project),
    );
    queryClient.setQueriesData<ProjectResponse[]>({ queryKey: rowQueryKeys.search }, (rows) => rows && replaceIn(rows, project));
  }
  return queryClient.invalidateQueries({
    queryKey: queryKeys.projects,
    predicate: (query) => !holdsRows(query) || (membersChanged && isMyProjectsList(query)),
  });
}

const isUnder = (query: Query, prefix: readonly unknown[]) => prefix.every((part, index) => query.queryKey[index] === part);
const holdsRows = (query: Query) => Object.values(rowQueryKeys).some((prefix) => isUnder(query, prefix));
const isMyProjectsList = (query: Query) =>
  isUnder(query, rowQueryKeys.list) &&
  (query.queryKey[rowQueryKeys.list.length] as { member?: string } | undefined)?.member === 'me';

/** projectRowsChanged for a mutation's onSuccess: the mutation stays pending until what is on screen is read again. */
export function useProjectRowsChanged() {
  const queryClient = useQueryClient();
  return (change: Parameters<typeof projectRowsChanged>[1]) => projectRowsChanged(queryClient, change);
}
