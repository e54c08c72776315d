import * as billingEndpoints from '../../../shared/contract/billing';
import { billingOf } from '../../billing/item';
import { preloadBilling } from '../../billing/reads';
import { stripeClient } from '../../billing/stripe-client';
import { Conflict } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';

const NO_CUSTOMER = 'This organization has no subscription to manage yet';
const NOT_CONFIGURED = 'Billing is not configured for this environment';

/**
 * Admins: a Stripe customer portal session for the organization's own customer (from the session's
 * organization, never from the request), returning to the stage's /billing.
 */
export const handler = defineRoute(
  billingEndpoints.portalSession,
  { preload: preloadBilling },
  async ({ session, preloaded }) => {
    requireAdmin(session);
    const billing = billingOf(session.org, preloaded);
    if (!billing.customerId) throw new Conflict(NO_CUSTOMER);
    const stripe = await stripeClient();
    if (!stripe) throw new Conflict(NOT_CONFIGURED);
    const portal = await stripe.billingPortal.sessions.create({
      customer: billing.customerId,
      return_url: `${siteOrigin()}/billing`,
    });
    return ok({ url: portal.url });
  },
);
