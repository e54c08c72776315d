import * as organizationUserEndpoints from '@shared/contract/organization-users';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callAllPages, callPage } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * The organization's users, all under one root, so a change of a user by an admin refreshes every
 * screen showing them: the member pickers (projects) and the admins' table and audit filter
 * (organization). Here, not in a feature, as both features read them.
 */
export const organizationUserQueries = {
  all: queryKeys.organizationUsers,
  /** The pickers (open to every member): a page of 100 people at a time, oldest first, or those whose name or email holds `q` (the server searches). */
  people: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...organizationUserQueries.all, 'pages', q] as const,
      // The signal cancels the request of a search typed over before it was answered.
      queryFn: ({ pageParam, signal }) =>
        callPage(organizationUserEndpoints.people, pageParam ? { next: pageParam, signal } : { query: q ? { q } : {}, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
  /** The admins' table: a page of 100 at a time, oldest first, or those whose name or email holds `q`. */
  pages: (q: string) =>
    infiniteQueryOptions({
      queryKey: [...organizationUserQueries.all, 'managed', 'pages', q] as const,
      queryFn: ({ pageParam }) =>
        callPage(organizationUserEndpoints.users, pageParam ? { next: pageParam } : { query: q ? { q } : {} }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
  /** Every user, for the audit log's person filter. */
  list: () =>
    queryOptions({
      queryKey: [...organizationUserQueries.all, 'managed'] as const,
      queryFn: () => callAllPages(organizationUserEndpoints.users),
    }),
};
