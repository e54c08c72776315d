import { describe, expect, inject, it } from 'vitest';
import {
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  signatureFor,
  stripeEvent,
  subscriptionObject,
} from '../../support/stripe-events';
import { registerOrganization, request } from '../support/api';
import { deliver, nowSeconds, recordedEvent, stripeHolds, subscriptionOf, checkoutReference } from './billing-support';

describe('POST /api/billing/webhook: only events Stripe signed with the stage secret are read', () => {
  async function checkoutEvent() {
    const org = await registerOrganization();
    const customer = newCustomerId();
    const subscription = subscriptionObject({ id: newSubscriptionId(), customer, status: 'active' });
    await stripeHolds(subscription);
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId: await checkoutReference(org) }),
    );
    return { org, event };
  }

  async function expectNothingWritten(org: Awaited<ReturnType<typeof registerOrganization>>, eventId: string) {
    expect(await recordedEvent(eventId)).toBeUndefined();
    const subscription = await subscriptionOf(org);
    expect(subscription).toMatchObject({ status: 'trialing', hasCustomer: false, hasSubscription: false });
  }

  it('refuses a signature made with another secret (400), writing nothing', async () => {
    const { org, event } = await checkoutEvent();
    const response = await deliver(event, { secret: 'whsec_not_the_stage_secret' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Invalid Stripe-Signature header' });
    await expectNothingWritten(org, event.id);
  });

  it('refuses an event without a Stripe-Signature header (400), writing nothing', async () => {
    const { org, event } = await checkoutEvent();
    const response = await deliver(event, { signature: null });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Missing Stripe-Signature header' });
    await expectNothingWritten(org, event.id);
  });

  it('refuses a correctly signed event whose timestamp is outside the 5-minute tolerance (a replay)', async () => {
    const { org, event } = await checkoutEvent();
    const response = await deliver(event, { timestamp: nowSeconds() - 6 * 60 });
    expect(response.status).toBe(400);
    await expectNothingWritten(org, event.id);
  });

  it('refuses a body changed after signing', async () => {
    const { org, event } = await checkoutEvent();
    const payload = JSON.stringify(event);
    const signature = signatureFor(payload, inject('stripeWebhookSecret'));
    const reference = (event.data.object as { client_reference_id: string }).client_reference_id;
    const tampered = payload.replace(reference, `${reference.slice(0, -1)}${reference.endsWith('X') ? 'Y' : 'X'}`);
    expect(tampered).not.toBe(payload);
    const response = await request('/api/billing/webhook', {
      method: 'POST',
      rawBody: tampered,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(response.status).toBe(400);
    await expectNothingWritten(org, event.id);
  });

  it('accepts a correctly signed event without a session and from no browser origin, and records it', async () => {
    const { org, event } = await checkoutEvent();
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });
    expect(await recordedEvent(event.id)).toMatchObject({ eventType: 'checkout.session.completed', outcome: 'applied' });
    expect((await subscriptionOf(org)).status).toBe('active');
  });
});
