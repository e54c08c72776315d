import type { UserResponse } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { hasSessionHint } from './session-hint';

/**
 * The signed-in user; signed out is null, not an error. Without the session hint the browser holds
 * no session, so nothing is asked (no 401 in a signed-out visitor's console). The request and its
 * schemas load only when there is something to ask: a signed-out visitor of the landing page does
 * not download them (docs/performance.md's first-load goal).
 */
export const userQueries = {
  all: queryKeys.user,
  current: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'current'] as const,
      queryFn: async (): Promise<UserResponse | null> => {
        if (!hasSessionHint()) return null;
        const { requestCurrentUser } = await import('./api/auth');
        return requestCurrentUser();
      },
    }),
};

export const useCurrentUser = () => useQuery(userQueries.current());

export const isAdmin = (user: UserResponse | null | undefined) => user?.roles.some((entry) => entry.role === 'admin') ?? false;

/** The organization lets its people use the assistant (an admin can turn it off in Organization settings). */
export const assistantEnabled = (user: UserResponse | null | undefined) =>
  user?.roles.some((entry) => entry.organization.assistantEnabled) ?? false;
