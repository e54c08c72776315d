import * as billingEndpoints from '../../../shared/contract/billing';
import { billingOf, toSubscriptionResponse } from '../../billing/item';
import { preloadBilling } from '../../billing/reads';
import { stripeSecretKey } from '../../billing/stripe-settings';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** Any member: the organization's subscription, read with the session (1 round trip). */
export const handler = defineRoute(billingEndpoints.subscription, { preload: preloadBilling }, async ({ session, preloaded }) => {
  const billing = billingOf(session.org, preloaded);
  if (session.user.role !== 'admin') return ok(toSubscriptionResponse(billing));
  // The key is only looked at when a portal session could be opened (the organization has a customer).
  const portalSessions = billing.customerId !== null && (await stripeSecretKey()) !== undefined;
  return ok(toSubscriptionResponse(billing, { portalSessions }));
});
