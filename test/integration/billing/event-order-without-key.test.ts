import type Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import {
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  nowSeconds,
  stripeEvent,
  subscriptionObject,
} from '../../support/stripe-events';
import { registerOrganization } from '../support/api';
import { subscriptionOf, checkoutReference } from './billing-support';

/**
 * A stage without a Stripe secret key cannot ask Stripe for the current subscription: the event
 * with the newest `created` wins. The webhook run here has a key, so this runs the event processing
 * itself in the test's process, against the same table, with no key in its environment.
 */
describe('without a secret key, the newest event wins', () => {
  let processEvent: (event: Stripe.Event, client: { clientAddress: string; userAgent: string }) => Promise<string>;
  const processStripeEvent = (event: Stripe.Event) =>
    processEvent(event, { clientAddress: '198.51.100.20', userAgent: 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' });

  beforeAll(async () => {
    process.env.DYNAMODB_ENDPOINT = inject('dynamoDbEndpoint');
    process.env.TABLE_NAME = inject('tableName');
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_SECRET_KEY_ARN',
      'STRIPE_API_HOST',
      'STRIPE_API_PORT',
      'STRIPE_API_PROTOCOL',
    ])
      delete process.env[name];
    Object.assign(process.env, LOCAL_AWS_ENV);
    ({ processStripeEvent: processEvent } = await import('../../../functions/billing/process-stripe-event'));
  });

  it('an older event delivered after a newer one changes nothing; a newer one still applies', async () => {
    const org = await registerOrganization();
    const customer = newCustomerId();
    const subscription = { id: newSubscriptionId() };
    const checkout = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId: await checkoutReference(org) }),
    );
    expect(await processStripeEvent(checkout as unknown as Stripe.Event)).toBe('applied');
    const at = nowSeconds();
    const newer = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription.id, customer, status: 'past_due' }),
      at,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription.id, customer, status: 'active', quantity: 9 }),
      at - 30,
    );
    expect(await processStripeEvent(newer as unknown as Stripe.Event)).toBe('applied');
    expect(await processStripeEvent(older as unknown as Stripe.Event)).toBe('stale');
    expect(await subscriptionOf(org)).toMatchObject({ status: 'past_due', seats: 1 });

    const newest = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: subscription.id, customer, status: 'canceled' }),
      at + 30,
    );
    expect(await processStripeEvent(newest as unknown as Stripe.Event)).toBe('applied');
    expect(await processStripeEvent(newest as unknown as Stripe.Event)).toBe('duplicate');
    expect((await subscriptionOf(org)).status).toBe('canceled');
  });

  it('a subscription event that came before checkout is applied from what it carried when checkout links the customer', async () => {
    const org = await registerOrganization();
    const customer = newCustomerId();
    const id = newSubscriptionId();
    const early = stripeEvent(
      'customer.subscription.created',
      subscriptionObject({ id, customer, status: 'trialing', trialEnd: nowSeconds() + 7 * 86400 }),
    );
    expect(await processStripeEvent(early as unknown as Stripe.Event)).toBe('unmatched');
    const checkout = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: id, clientReferenceId: await checkoutReference(org) }),
    );
    expect(await processStripeEvent(checkout as unknown as Stripe.Event)).toBe('applied');
    expect(await subscriptionOf(org)).toMatchObject({ status: 'trialing', hasCustomer: true, hasSubscription: true });
  });
});
