import { describe, expect, it } from 'vitest';
import { invoiceObject, stripeEvent, subscriptionObject } from '../../support/stripe-events';
import { deliverOk, stripeHolds, subscribe } from '../billing/billing-support';
import { registerOrganization } from '../support/api';
import { storedAuditEntries } from './audit-entries';

const STRIPE = { id: 'stripe', fullName: 'Stripe (billing)', username: '' };

describe('audit log: billing changes', () => {
  it('records checkout, a subscription change and payments, by Stripe, with the webhook’s client; a redelivery records nothing more', async () => {
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org);
    const [linked] = await storedAuditEntries(org.orgId, 'billing.subscription_changed');
    expect(linked).toMatchObject({
      actor: STRIPE,
      target: { type: 'subscription', id: subscription.id },
      userAgent: 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      details: { stripeEvent: 'checkout.session.completed', status: 'active', customerLinked: true },
    });

    const pastDue = subscriptionObject({ id: subscription.id, customer, status: 'past_due' });
    await stripeHolds(pastDue);
    const updated = stripeEvent('customer.subscription.updated', pastDue);
    await deliverOk(updated);
    await deliverOk(updated);
    const changes = await storedAuditEntries(org.orgId, 'billing.subscription_changed');
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({
      details: { stripeEvent: 'customer.subscription.updated', stripeEventId: updated.id, status: 'past_due' },
    });

    await deliverOk(
      stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription: subscription.id, status: 'open' })),
    );
    await deliverOk(stripeEvent('invoice.paid', invoiceObject({ customer, subscription: subscription.id, status: 'paid' })));
    expect(await storedAuditEntries(org.orgId, 'billing.payment_failed')).toEqual([
      expect.objectContaining({ actor: STRIPE, details: expect.objectContaining({ stripeEvent: 'invoice.payment_failed' }) }),
    ]);
    expect(await storedAuditEntries(org.orgId, 'billing.payment_succeeded')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ stripeEvent: 'invoice.paid' }) }),
    ]);
  });
});
