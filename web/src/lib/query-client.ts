import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: no refetch interval or on focus, data never stale, no retries. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY, retry: false, refetchInterval: false },
      mutations: { retry: false },
    },
  });
