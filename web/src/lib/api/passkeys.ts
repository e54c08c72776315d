import * as passkeyEndpoints from '@shared/contract/passkeys';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';

/** The caller's own passkeys: the Passkeys card lists them, and whether there are any decides where a passkey stands as their factor. */
export const passkeyQueries = {
  all: queryKeys.passkeys,
  list: () =>
    queryOptions({
      queryKey: [...passkeyQueries.all, 'list'] as const,
      queryFn: () => call(passkeyEndpoints.list),
    }),
};
