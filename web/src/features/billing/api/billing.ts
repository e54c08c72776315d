import * as billingEndpoints from '@shared/contract/billing';
import { queryOptions, useMutation } from '@tanstack/react-query';
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
  /**
   * The pricing table's client reference (admins), made by the server for this admin's organization.
   * It lives 24 hours; asked again after an hour, so a page left open never hands Stripe an expired one.
   */
  checkoutReference: () =>
    queryOptions({
      queryKey: [...billingQueries.all, 'checkout-reference'] as const,
      queryFn: () => call(billingEndpoints.checkoutReference),
      staleTime: 60 * 60 * 1000,
      refetchInterval: 60 * 60 * 1000,
    }),
};

/** POST /api/billing/portal-session (admins): a Stripe customer portal session for the organization. */
export const usePortalSession = () => useMutation({ mutationFn: () => call(billingEndpoints.portalSession) });
