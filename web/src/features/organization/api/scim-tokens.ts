import * as scimTokenEndpoints from '@shared/contract/scim-tokens';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** The organization's SCIM tokens (admins). */
export const scimTokenQueries = {
  all: queryKeys.scimTokens,
  list: () =>
    queryOptions({ queryKey: [...scimTokenQueries.all, 'list'] as const, queryFn: () => call(scimTokenEndpoints.list) }),
};

/** Creating a token is a security change: it may ask 'Confirm it's you' first. Answers the token, shown once. */
export function useCreateScimToken() {
  const invalidate = useInvalidate(scimTokenQueries.all);
  return useMutation({
    mutationFn: (name: string) => withStepUp(() => call(scimTokenEndpoints.create, { body: { name } })),
    onSuccess: invalidate,
  });
}

export function useRevokeScimToken() {
  const invalidate = useInvalidate(scimTokenQueries.all);
  return useMutation({
    mutationFn: (id: string) => withStepUp(() => call(scimTokenEndpoints.revoke, { params: { id } })),
    onSuccess: invalidate,
  });
}
