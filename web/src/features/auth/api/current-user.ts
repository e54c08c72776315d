import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '../../../../../shared/schemas/auth';
import { authEndpoints } from '../../../../../shared/contract/auth';
import { ApiError, call } from '../../../lib/api-client';

/** The signed-in user; a 401 means signed out and is null, not an error. */
export const userQueries = {
  all: ['user'] as const,
  current: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'current'] as const,
      queryFn: async (): Promise<UserResponse | null> => {
        try {
          return await call(authEndpoints.currentUser);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        }
      },
    }),
};

export const useCurrentUser = () => useQuery(userQueries.current());

export const isAdmin = (user: UserResponse | null | undefined) => user?.roles.some((entry) => entry.role === 'admin') ?? false;
