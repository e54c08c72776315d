import { queryOptions, useMutation } from '@tanstack/react-query';
import * as billingEndpoints from '@shared/contract/billing';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The organization's subscription, as Stripe's webhooks last set it. */
export const billingQueries = {
  all: queryKeys.billing,
  subscription: () =>
    queryOptions({
      queryKey: [...billingQueries.all, 'subscription'] as const,
      queryFn: () => call(billingEndpoints.subscription),
    }),
};

/** POST /api/billing/portal-session (admins): a Stripe customer portal session for the organization. */
export const usePortalSession = () => useMutation({ mutationFn: () => call(billingEndpoints.portalSession) });
