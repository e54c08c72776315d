import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { billingCollections } from '../../../functions/billing/keys';
import { organizationKeys } from '../../../functions/organization/keys';
import {
  checkoutSessionObject,
  invoiceObject,
  newCustomerId,
  newSubscriptionId,
  stripeEvent,
  subscriptionObject,
} from '../../support/stripe-events';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { functionsNow } from '../support/functions-clock';
import { addUserThroughApi } from '../support/org-members';
import { testTable } from '../support/table';
import {
  deliverOk,
  nowSeconds,
  recordedEvent,
  stripeHolds,
  subscribe,
  subscriptionOf,
  checkoutReference,
} from './billing-support';

const DAY = 24 * 60 * 60;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The member's notifications once at least `count` have arrived from the fan-out. */
async function notificationsOf(member: SignedIn, count = 0) {
  const read = async () =>
    (await member.call('/api/notifications')).body as { title: string; content: string; linkUrl: string | null }[];
  return eventually(read, (list) => list.length >= count);
}

async function unmatchedEventsOf(customerId: string) {
  const { db, tableName } = testTable();
  const { PK, prefix } = billingCollections.unmatchedEventsOfCustomer(customerId);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

describe('Stripe events change the organization the customer belongs to', () => {
  it('registration starts a 14-day trial of the professional plan, monthly', async () => {
    const before = functionsNow();
    const org = await registerOrganization();
    const subscription = await subscriptionOf(org);
    expect(subscription).toMatchObject({
      plan: 'professional',
      interval: 'monthly',
      status: 'trialing',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      seats: null,
      paymentFailed: false,
    });
    const trialEnd = Date.parse(subscription.trialEnd);
    expect(trialEnd).toBeGreaterThanOrEqual(before + 14 * DAY * 1000);
    expect(trialEnd).toBeLessThanOrEqual(functionsNow() + 14 * DAY * 1000);
  });

  it('checkout.session.completed links the customer to the organization named by client_reference_id, never to a user', async () => {
    const org = await registerOrganization();
    const periodEnd = nowSeconds() + 30 * DAY;
    await subscribe(org, { currentPeriodEnd: periodEnd, quantity: 5 });
    expect(await subscriptionOf(org)).toMatchObject({
      plan: 'professional',
      interval: 'monthly',
      status: 'active',
      trialEnd: null,
      currentPeriodEnd: iso(periodEnd),
      seats: 5,
      hasCustomer: true,
      hasSubscription: true,
    });
    // Every member sees the organization's state, staff without the ids' presence.
    const staff = await addUserThroughApi(org, 'Sam Staff');
    const seen = await subscriptionOf(staff);
    expect(seen.status).toBe('active');
    expect(seen).not.toHaveProperty('hasCustomer');
    expect(JSON.stringify(seen)).not.toMatch(/cus_|sub_/);
  });

  it('customer.subscription.updated and .deleted apply the subscription as Stripe has it', async () => {
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org);
    const cancelAt = nowSeconds() + 20 * DAY;
    const updated = subscriptionObject({
      id: subscription.id,
      customer,
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: cancelAt,
    });
    await stripeHolds(updated);
    await deliverOk(stripeEvent('customer.subscription.updated', updated));
    expect(await subscriptionOf(org)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelAt: iso(cancelAt) });

    const deleted = subscriptionObject({ id: subscription.id, customer, status: 'canceled', currentPeriodEnd: cancelAt });
    await stripeHolds(deleted);
    await deliverOk(stripeEvent('customer.subscription.deleted', deleted));
    expect((await subscriptionOf(org)).status).toBe('canceled');
  });

  it("a subscription's plan becomes the organization's, which its request budget goes by", async () => {
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org);
    const planOf = async () => {
      const { db, tableName } = testTable();
      const stored = await db.send(
        new GetCommand({ TableName: tableName, Key: organizationKeys.organization(org.orgId), ConsistentRead: true }),
      );
      return stored.Item?.plan as string;
    };
    for (const plan of ['starter', 'enterprise']) {
      const changed = subscriptionObject({ id: subscription.id, customer, status: 'active', lookupKey: plan });
      await stripeHolds(changed);
      await deliverOk(stripeEvent('customer.subscription.updated', changed));
      expect((await subscriptionOf(org)).plan).toBe(plan);
      expect(await planOf()).toBe(plan);
    }
  });

  it('customer.subscription.created applies a trialing subscription with its trial end', async () => {
    const org = await registerOrganization();
    const trialEnd = nowSeconds() + 10 * DAY;
    const { customer, subscription } = await subscribe(org, { status: 'trialing', trialEnd });
    await deliverOk(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject({ id: subscription.id, customer, status: 'trialing', trialEnd }),
      ),
    );
    expect(await subscriptionOf(org)).toMatchObject({ status: 'trialing', trialEnd: iso(trialEnd) });
  });

  it('invoice.payment_failed marks the payment failed and notifies every admin and no one else; invoice.paid clears it', async () => {
    const org = await registerOrganization();
    const secondAdmin = await addUserThroughApi(org, 'Alan Admin', 'admin');
    const staff = await addUserThroughApi(org, 'Sam Staff');
    const other = await registerOrganization();
    const { customer, subscription } = await subscribe(org);
    const pastDue = subscriptionObject({ id: subscription.id, customer, status: 'past_due' });
    await stripeHolds(pastDue);
    await deliverOk(
      stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription: subscription.id, status: 'open' })),
    );
    await deliverOk(stripeEvent('customer.subscription.updated', pastDue));

    expect(await subscriptionOf(org)).toMatchObject({ status: 'past_due', paymentFailed: true });
    for (const admin of [org, secondAdmin]) {
      expect(await notificationsOf(admin, 1)).toEqual([
        expect.objectContaining({
          title: 'Payment failed',
          content: 'Your last payment failed. Update your payment method.',
          linkUrl: '/billing',
        }),
      ]);
    }
    expect(await notificationsOf(staff)).toEqual([]);
    expect(await notificationsOf(other)).toEqual([]);

    await deliverOk(stripeEvent('invoice.paid', invoiceObject({ customer, subscription: subscription.id, status: 'paid' })));
    expect((await subscriptionOf(org)).paymentFailed).toBe(false);
  });

  it('customer.subscription.trial_will_end tells every admin when the trial ends', async () => {
    const org = await registerOrganization();
    const staff = await addUserThroughApi(org, 'Sam Staff');
    const trialEnd = Date.UTC(2027, 0, 5, 12) / 1000;
    const { customer, subscription } = await subscribe(org, { status: 'trialing', trialEnd });
    await deliverOk(
      stripeEvent(
        'customer.subscription.trial_will_end',
        subscriptionObject({ id: subscription.id, customer, status: 'trialing', trialEnd }),
      ),
    );
    expect(await notificationsOf(org, 1)).toEqual([
      expect.objectContaining({
        title: 'Your trial ends soon',
        content: expect.stringContaining('January 5, 2027'),
        linkUrl: '/billing',
      }),
    ]);
    expect(await notificationsOf(staff)).toEqual([]);
  });

  it('a redelivered event answers 200 and has exactly one effect', async () => {
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org);
    const failed = stripeEvent(
      'invoice.payment_failed',
      invoiceObject({ customer, subscription: subscription.id, status: 'open' }),
    );
    await Promise.all([deliverOk(failed), deliverOk(failed)]);
    await deliverOk(failed);
    expect(await notificationsOf(org, 1)).toHaveLength(1);
    expect((await org.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    expect(await recordedEvent(failed.id)).toMatchObject({ outcome: 'applied' });
  });

  it('events delivered out of order leave the newer state standing', async () => {
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org, { status: 'trialing', trialEnd: nowSeconds() + 5 * DAY });
    const older = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription.id, customer, status: 'trialing' }),
      nowSeconds() - 60,
    );
    const newer = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription.id, customer, status: 'active' }),
      nowSeconds(),
    );
    // Stripe has it active now: whichever event comes last, the state applied is Stripe's current one.
    await stripeHolds(subscriptionObject({ id: subscription.id, customer, status: 'active' }));
    await deliverOk(newer);
    await deliverOk(older);
    expect((await subscriptionOf(org)).status).toBe('active');

    // A payment failure older than a payment already recorded changes nothing and tells no one.
    const paid = stripeEvent(
      'invoice.paid',
      invoiceObject({ customer, subscription: subscription.id, status: 'paid' }),
      nowSeconds(),
    );
    const oldFailure = stripeEvent(
      'invoice.payment_failed',
      invoiceObject({ customer, subscription: subscription.id, status: 'open' }),
      nowSeconds() - 120,
    );
    await deliverOk(paid);
    await deliverOk(oldFailure);
    expect((await subscriptionOf(org)).paymentFailed).toBe(false);
    expect(await notificationsOf(org)).toEqual([]);
    expect(await recordedEvent(oldFailure.id)).toMatchObject({ outcome: 'stale' });
  });

  it('an event for an unknown customer is kept for reconciliation, answered 200, and applied once checkout links the customer', async () => {
    const org = await registerOrganization();
    const customer = newCustomerId();
    const subscription = subscriptionObject({ id: newSubscriptionId(), customer, status: 'active', quantity: 3 });
    await stripeHolds(subscription);
    const early = stripeEvent('customer.subscription.created', subscription);
    const response = await deliverOk(early);
    expect(response.body).toEqual({ received: true });
    expect(await unmatchedEventsOf(customer)).toEqual([
      expect.objectContaining({ eventId: early.id, eventType: 'customer.subscription.created' }),
    ]);
    expect((await subscriptionOf(org)).status).toBe('trialing');

    await deliverOk(
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId: await checkoutReference(org) }),
      ),
    );
    expect(await subscriptionOf(org)).toMatchObject({ status: 'active', seats: 3, hasCustomer: true });
    expect(await unmatchedEventsOf(customer)).toEqual([]);
  });

  it("never applies one organization's customer to another organization", async () => {
    const [first, second] = await Promise.all([registerOrganization(), registerOrganization()]);
    const { customer, subscription } = await subscribe(first);
    const pastDue = subscriptionObject({ id: subscription.id, customer, status: 'past_due' });
    await stripeHolds(pastDue);
    await deliverOk(stripeEvent('customer.subscription.updated', pastDue));
    await deliverOk(
      stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription: subscription.id, status: 'open' })),
    );
    expect((await subscriptionOf(first)).status).toBe('past_due');
    expect(await subscriptionOf(second)).toMatchObject({ status: 'trialing', paymentFailed: false, hasCustomer: false });
    expect(await notificationsOf(second)).toEqual([]);

    // A checkout naming the second organization cannot take the first one's customer.
    const stolen = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId: await checkoutReference(second) }),
    );
    await deliverOk(stolen);
    expect(await recordedEvent(stolen.id)).toMatchObject({ outcome: 'refused' });
    expect(await subscriptionOf(second)).toMatchObject({ status: 'trialing', hasCustomer: false });
  });

  it('a checkout naming an organization that no longer exists is kept, not applied', async () => {
    const org = await registerOrganization();
    const gone = await registerOrganization();
    const reference = await checkoutReference(gone);
    const { db, tableName } = testTable();
    await db.send(new DeleteCommand({ TableName: tableName, Key: organizationKeys.organization(gone.orgId) }));
    const customer = newCustomerId();
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: null, clientReferenceId: reference }),
    );
    await deliverOk(event);
    expect(await recordedEvent(event.id)).toMatchObject({ outcome: 'refused' });
    expect(await unmatchedEventsOf(customer)).toHaveLength(1);
    expect((await subscriptionOf(org)).hasCustomer).toBe(false);
  });
});
