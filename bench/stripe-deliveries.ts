import { randomBytes } from 'node:crypto';
import * as billingEndpoints from '../shared/contract/billing';
import {
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  nowSeconds,
  signatureFor,
  stripeEvent,
  subscriptionObject,
} from '../test/support/stripe-events';

/** A delivery as Stripe posts it: the exact body and its Stripe-Signature header. */
export interface StripeDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** The bench stage's webhook signing secret, given to the local cloud and to the cold-start probes alike. */
export const benchWebhookSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

const deliver = (secret: string, event: object): StripeDelivery => {
  const rawBody = JSON.stringify(event);
  return { rawBody, headers: { 'stripe-signature': signatureFor(rawBody, secret), 'content-type': 'application/json' } };
};

/**
 * What the webhook's cold start serves: the change Stripe sends most, a subscription update of a
 * customer already linked to the organization, one new event per run (each is applied once). The
 * customer is linked first through the API, by the checkout that pricing-table sign-ups end with.
 */
export async function subscriptionUpdates(base: string, secret: string, orgId: string, count: number): Promise<StripeDelivery[]> {
  const customer = newCustomerId();
  const subscription = newSubscriptionId();
  const checkout = deliver(
    secret,
    stripeEvent('checkout.session.completed', checkoutSessionObject({ customer, subscription, clientReferenceId: orgId })),
  );
  const linked = await fetch(`${base}${billingEndpoints.webhook.path}`, {
    method: 'POST',
    headers: checkout.headers,
    body: checkout.rawBody,
  });
  await linked.arrayBuffer();
  if (linked.status !== 200) throw new Error(`linking the bench organization to a Stripe customer answered ${linked.status}`);
  const since = nowSeconds();
  // Each event newer than the last, so that each one's state is applied, not skipped as stale.
  return Array.from({ length: count }, (_, index) =>
    deliver(
      secret,
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: subscription, customer, status: 'active', quantity: 1 + (index % 5) }),
        since + 1 + index,
      ),
    ),
  );
}
