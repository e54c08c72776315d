import * as billingEndpoints from '../../../shared/contract/billing';
import { createCheckoutReference } from '../../billing/checkout-references';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';

/**
 * Admins: a reference the pricing table passes to Stripe as client_reference_id. The webhook links
 * the paying customer to the organization it was made for: the session's, never the request's.
 */
export const handler = defineRoute(billingEndpoints.checkoutReference, async ({ session }) => {
  requireAdmin(session);
  return created(await createCheckoutReference(session.org.id, session.user.id));
});
