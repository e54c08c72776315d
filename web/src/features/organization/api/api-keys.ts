import * as apiKeyEndpoints from '@shared/contract/api-keys';
import type { ApiKeyRequest } from '@shared/schemas/api-keys';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** The organization's API keys (admins). */
export const apiKeyQueries = {
  all: queryKeys.apiKeys,
  list: () => queryOptions({ queryKey: [...apiKeyQueries.all, 'list'] as const, queryFn: () => call(apiKeyEndpoints.list) }),
};

/** Creating a key is a security change: it may ask 'Confirm it's you' first. Answers the key, shown once. */
export function useCreateApiKey() {
  const invalidate = useInvalidate(apiKeyQueries.all);
  return useMutation({
    mutationFn: (body: ApiKeyRequest) => withStepUp(() => call(apiKeyEndpoints.create, { body })),
    onSuccess: invalidate,
  });
}

export function useRevokeApiKey() {
  const invalidate = useInvalidate(apiKeyQueries.all);
  return useMutation({
    mutationFn: (id: string) => withStepUp(() => call(apiKeyEndpoints.revoke, { params: { id } })),
    onSuccess: invalidate,
  });
}
