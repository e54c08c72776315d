import * as ssoEndpoints from '@shared/contract/sso';
import type { SsoConnectionRequest } from '@shared/schemas/sso';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** The organization's single sign-on settings (admins). */
export const ssoQueries = {
  all: queryKeys.sso,
  domains: () =>
    queryOptions({
      queryKey: [...ssoQueries.all, 'domains'] as const,
      queryFn: () => call(ssoEndpoints.listDomains),
    }),
  settings: () =>
    queryOptions({
      queryKey: [...ssoQueries.all, 'settings'] as const,
      queryFn: () => call(ssoEndpoints.settings),
    }),
  /** What this session's last 'Test connection' brought back (the result page's). */
  testResult: () =>
    queryOptions({
      queryKey: [...ssoQueries.all, 'test-result'] as const,
      queryFn: () => call(ssoEndpoints.testResult),
    }),
};

const useInvalidateSso = () => useInvalidate(ssoQueries.all);

/** Adding a domain is a security change: it may ask 'Confirm it's you' first. */
export function useAddDomain() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: (domain: string) => withStepUp(() => call(ssoEndpoints.addDomain, { body: { domain } })),
    onSuccess: invalidate,
  });
}

export function useVerifyDomain() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: (domain: string) => call(ssoEndpoints.verifyDomain, { params: { domain } }),
    onSuccess: invalidate,
  });
}

export function useRemoveDomain() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: (domain: string) => withStepUp(() => call(ssoEndpoints.removeDomain, { params: { domain } })),
    onSuccess: invalidate,
  });
}

/** Saving the connection is a security change: it may ask 'Confirm it's you' first. */
export function useSaveConnection() {
  const invalidate = useInvalidateSso();
  return useMutation({
    mutationFn: (body: SsoConnectionRequest) => withStepUp(() => call(ssoEndpoints.saveConnection, { body })),
    onSuccess: invalidate,
  });
}

/** Testing the connection is as sensitive as saving it: it may ask 'Confirm it's you' first. Answers where the popup goes. */
export function useStartConnectionTest() {
  return useMutation({ mutationFn: () => withStepUp(() => call(ssoEndpoints.testConnection)) });
}
