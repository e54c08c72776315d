import { useMutation } from '@tanstack/react-query';
import { billingEndpoints } from '@shared/contract/billing';
import { call } from '../../../lib/api-client';

/** POST /api/billing/portal-session (admins): a Stripe customer portal session for the organization. */
export const usePortalSession = () => useMutation({ mutationFn: () => call(billingEndpoints.portalSession) });
