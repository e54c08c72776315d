import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@shared/schemas/auth';
import { authEndpoints } from '@shared/contract/auth';
import { ApiError, call } from '../../../lib/api-client';
import { clearSessionHint, hasSessionHint } from '../../../lib/session-hint';

/**
 * The signed-in user; signed out is null, not an error. Without the session hint the browser holds
 * no session, so nothing is asked (no 401 in a signed-out visitor's console); a 401 clears the hint.
 */
export const userQueries = {
  all: ['user'] as const,
  current: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'current'] as const,
      queryFn: async (): Promise<UserResponse | null> => {
        if (!hasSessionHint()) return null;
        try {
          return await call(authEndpoints.currentUser);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) {
            clearSessionHint();
            return null;
          }
          throw error;
        }
      },
    }),
};

export const useCurrentUser = () => useQuery(userQueries.current());

export const isAdmin = (user: UserResponse | null | undefined) => user?.roles.some((entry) => entry.role === 'admin') ?? false;
