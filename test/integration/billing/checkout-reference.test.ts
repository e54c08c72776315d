import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { billingKeys } from '../../../functions/billing/keys';
import {
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  nowSeconds,
  stripeEvent,
  subscriptionObject,
} from '../../support/stripe-events';
import { registerOrganization } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { addMemberDirectly, addUserThroughApi } from '../support/org-members';
import { testTable } from '../support/table';
import { checkoutReference, deliverOk, stripeHolds, subscriptionOf } from './billing-support';

/** A paid checkout from the pricing table that carries `clientReferenceId`. */
async function checkoutCarrying(clientReferenceId: string | null) {
  const customer = newCustomerId();
  const subscription = subscriptionObject({ id: newSubscriptionId(), customer, status: 'active' });
  await stripeHolds(subscription);
  return deliverOk(
    stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId }),
      nowSeconds(),
    ),
  );
}

describe('the pricing table checkout is tied to the organization on the server (issue 39, finding 5)', () => {
  it('gives an admin a fresh reference of the shape Stripe accepts, for a day, and refuses staff', async () => {
    const admin = await registerOrganization();
    const first = await admin.call('/api/billing/checkout-reference', { method: 'POST' });
    expect(first.status).toBe(201);
    expect(first.body.reference).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.body.reference).not.toContain(admin.orgId);
    expect(Date.parse(first.body.expiresAt) - functionsNow()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect((await admin.call('/api/billing/checkout-reference', { method: 'POST' })).body.reference).not.toBe(
      first.body.reference,
    );

    const staff = await addMemberDirectly(admin.orgId, { role: 'staff' });
    expect((await staff.call('/api/billing/checkout-reference', { method: 'POST' })).status).toBe(403);
  });

  it('links the paying customer to the organization the reference was made for', async () => {
    const admin = await registerOrganization();
    await checkoutCarrying(await checkoutReference(admin));
    expect(await subscriptionOf(admin)).toMatchObject({ status: 'active', hasCustomer: true });
  });

  it("links nothing when the checkout names the organization's id, as anyone who knows it could make the pricing table do", async () => {
    const victim = await registerOrganization();
    const before = await subscriptionOf(victim);
    await checkoutCarrying(victim.orgId);
    expect(await subscriptionOf(victim)).toEqual(before);
    expect(before.hasCustomer).toBe(false);
  });

  it('links nothing for a made-up reference, or for one that expired longer ago than Stripe retries a delivery (3 days)', async () => {
    const admin = await registerOrganization();
    const before = await subscriptionOf(admin);
    await checkoutCarrying('A'.repeat(32));
    const reference = await checkoutReference(admin);
    const { db, tableName } = testTable();
    const expiredAt = functionsNow() - 3 * 24 * 60 * 60 * 1000 - 60_000;
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: billingKeys.checkoutReference(reference),
        UpdateExpression: 'SET expiresAt = :at',
        ExpressionAttributeValues: { ':at': expiredAt },
      }),
    );
    await checkoutCarrying(reference);
    expect(await subscriptionOf(admin)).toEqual(before);
  });

  it('links nothing when the admin the reference was made for is no longer an admin (issue 39, finding 2)', async () => {
    const owner = await registerOrganization();
    const second = await addUserThroughApi(owner, 'Demi Demoted', 'admin');
    const before = await subscriptionOf(owner);
    const reference = await checkoutReference(second);
    expect(
      (await owner.call('/api/organization/users', { body: { username: second.email, fullName: 'Demi Demoted', role: 'staff' } }))
        .status,
    ).toBe(200);
    await checkoutCarrying(reference);
    expect(await subscriptionOf(owner)).toEqual(before);
    expect(before.hasCustomer).toBe(false);
  });
});
