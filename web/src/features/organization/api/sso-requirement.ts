import * as ssoRequirementEndpoints from '@shared/contract/sso-requirement';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** Whether single sign-on is required, and which admins keep password access (admins). */
export const ssoRequirementQueries = {
  all: [...queryKeys.sso, 'requirement'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...ssoRequirementQueries.all, 'detail'] as const,
      queryFn: () => call(ssoRequirementEndpoints.requirement),
    }),
};

/** A security change: it may ask 'Confirm it's you' first. */
export function useSetRequireSso() {
  const invalidate = useInvalidate(ssoRequirementQueries.all);
  return useMutation({
    mutationFn: (requireSso: boolean) => withStepUp(() => call(ssoRequirementEndpoints.setRequirement, { body: { requireSso } })),
    onSuccess: invalidate,
  });
}

/** A security change: it may ask 'Confirm it's you' first. The last admin with password access keeps it (409). */
export function useSetPasswordAccess() {
  const invalidate = useInvalidate(ssoRequirementQueries.all);
  return useMutation({
    mutationFn: ({ userId, passwordAccess }: { userId: string; passwordAccess: boolean }) =>
      withStepUp(() => call(ssoRequirementEndpoints.setPasswordAccess, { params: { userId }, body: { passwordAccess } })),
    onSuccess: invalidate,
  });
}
