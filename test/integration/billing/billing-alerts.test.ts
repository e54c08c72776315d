import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingCollections } from '../../../functions/billing/keys';
import { invoiceObject, stripeEvent, subscriptionObject } from '../../support/stripe-events';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { mailsTo, outboxSettled, waitForMail } from '../support/inbox';
import { addUserThroughApi } from '../support/org-members';
import { runScheduledAt, useRunTable } from '../support/scheduled-run';
import { testTable } from '../support/table';
import { deliverOk, stripeHolds, subscribe } from './billing-support';

/**
 * The billing alerts reach every admin twice over: in the app and by mail through the real outbox
 * (stream → mailer → the local inbox). The daily trial run is the scheduled function's handler,
 * invoked here in the test process against the run's DynamoDB Local with the functions' clock set
 * (functions/clock.ts): trials are moved to days of their own in 2090, so no other test's trial is
 * in the window.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let trialHandler: typeof import('../../../functions/handlers/billing/alert-trials-ending').handler;

beforeAll(async () => {
  useRunTable();
  ({ handler: trialHandler } = await import('../../../functions/handlers/billing/alert-trials-ending'));
});

/** Runs the scheduled function as if it were `at`. */
const dailyRunAt = (at: number) => runScheduledAt<{ alerted: number; alreadyAlerted: number; stale: number }>(trialHandler, at);

/** The member's notifications once at least `count` have arrived from the fan-out. */
async function notificationsOf(member: SignedIn, count = 0) {
  const read = async () =>
    (await member.call('/api/notifications')).body as { title: string; content: string; linkUrl: string | null }[];
  return eventually(read, (list) => list.length >= count);
}

const trialMailsTo = async (member: SignedIn) =>
  (await mailsTo(member.email)).filter((mail) => mail.subject.includes('trial ends'));

async function trialIndexOn(day: string) {
  const { db, tableName } = testTable();
  const { PK, prefix } = billingCollections.trialsEndingOn(day);
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

/** A day of 2090 no other test uses (noon UTC), in epoch ms. */
const uniqueTrialEnd = () => Date.UTC(2090, 0, 1, 12) + Math.floor(Math.random() * 3000) * 7 * DAY_MS;

// Each test waits for mail through the stream poller; on a crowded machine the first cold starts are slow.
describe('billing alerts by mail through the outbox', { timeout: 90_000 }, () => {
  it('invoice.payment_failed mails every admin, in the same transaction as the notification, and no one else', async () => {
    const org = await registerOrganization({ organizationName: 'Failing Payments Ltd' });
    const secondAdmin = await addUserThroughApi(org, 'Alan Admin', 'admin');
    const staff = await addUserThroughApi(org, 'Sam Staff');
    const { customer, subscription } = await subscribe(org);
    await deliverOk(
      stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription: subscription.id, status: 'open' })),
    );

    for (const admin of [org, secondAdmin]) {
      const mail = await waitForMail(admin.email, 'your last payment failed');
      expect(mail.subject).toBe('Failing Payments Ltd: your last payment failed');
      expect(mail.text).toContain('Update your payment method.');
      expect(mail.text).toMatch(/Open billing: http:\/\/localhost:\d+\/billing/);
      expect(mail.html).toContain('/billing');
      expect(await notificationsOf(admin, 1)).toEqual([expect.objectContaining({ title: 'Payment failed' })]);
    }
    await outboxSettled();
    expect((await mailsTo(staff.email)).filter((mail) => mail.subject.includes('payment'))).toEqual([]);
    expect((await mailsTo(org.email)).filter((mail) => mail.subject.includes('payment'))).toHaveLength(1);
  });
});

describe('the daily trial-ending run', { timeout: 90_000 }, () => {
  it('tells every admin of a trial ending within 3 days, in the app and by mail, once however often it runs', async () => {
    const trialEnd = uniqueTrialEnd();
    const day = new Date(trialEnd).toISOString().slice(0, 10);
    const ending = await registerOrganization({ organizationName: 'Ending Soon Inc' });
    const secondAdmin = await addUserThroughApi(ending, 'Alan Admin', 'admin');
    const staff = await addUserThroughApi(ending, 'Sam Staff');
    await subscribe(ending, { status: 'trialing', trialEnd: trialEnd / 1000 });
    // Ends 5 days after: outside the window.
    const later = await registerOrganization();
    await subscribe(later, { status: 'trialing', trialEnd: (trialEnd + 5 * DAY_MS) / 1000 });
    expect((await trialIndexOn(day)).map((item) => item.orgId)).toEqual([ending.orgId]);

    const first = await dailyRunAt(trialEnd - 2 * DAY_MS);
    expect(first).toMatchObject({ alerted: 1, alreadyAlerted: 0, stale: 0 });
    for (const admin of [ending, secondAdmin]) {
      const mail = await waitForMail(admin.email, 'trial ends');
      expect(mail.subject).toBe(
        `Ending Soon Inc: your Growthwise trial ends on ${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(trialEnd)}`,
      );
      expect(await notificationsOf(admin, 1)).toEqual([
        expect.objectContaining({ title: 'Your trial ends soon', linkUrl: '/billing' }),
      ]);
    }
    expect(await notificationsOf(staff)).toEqual([]);
    expect(await notificationsOf(later)).toEqual([]);

    // A second run (the next day, or a retry of the same one) announces nothing again.
    expect(await dailyRunAt(trialEnd - 2 * DAY_MS)).toMatchObject({ alerted: 0 });
    expect(await dailyRunAt(trialEnd - DAY_MS)).toMatchObject({ alerted: 0 });
    // Nor does Stripe's own warning for the same trial end.
    const subscription = (await trialIndexOn(day))[0]!;
    expect(subscription.alertedAt).toBeDefined();
    await outboxSettled();
    for (const admin of [ending, secondAdmin]) {
      expect(await trialMailsTo(admin)).toHaveLength(1);
      expect(await notificationsOf(admin, 1)).toHaveLength(1);
    }
    expect(await trialMailsTo(staff)).toEqual([]);
    expect(await trialMailsTo(later)).toEqual([]);
  });

  it('follows the subscription: a trial that became a paid subscription or moved to another day is not announced', async () => {
    const trialEnd = uniqueTrialEnd();
    const day = new Date(trialEnd).toISOString().slice(0, 10);
    const paid = await registerOrganization();
    const { customer, subscription } = await subscribe(paid, { status: 'trialing', trialEnd: trialEnd / 1000 });
    const moved = await registerOrganization();
    const movedSubscription = await subscribe(moved, { status: 'trialing', trialEnd: trialEnd / 1000 });
    expect((await trialIndexOn(day)).map((item) => item.orgId).sort()).toEqual([paid.orgId, moved.orgId].sort());

    const active = subscriptionObject({ id: subscription.id, customer, status: 'active' });
    await stripeHolds(active);
    await deliverOk(stripeEvent('customer.subscription.updated', active));
    const extended = subscriptionObject({
      id: movedSubscription.subscription.id,
      customer: movedSubscription.customer,
      status: 'trialing',
      trialEnd: (trialEnd + 10 * DAY_MS) / 1000,
    });
    await stripeHolds(extended);
    await deliverOk(stripeEvent('customer.subscription.updated', extended));

    expect(await trialIndexOn(day)).toEqual([]);
    expect((await trialIndexOn(new Date(trialEnd + 10 * DAY_MS).toISOString().slice(0, 10))).map((item) => item.orgId)).toEqual([
      moved.orgId,
    ]);
    expect(await dailyRunAt(trialEnd - DAY_MS)).toMatchObject({ alerted: 0 });
    // The moved trial is announced when its new end comes near.
    expect(await dailyRunAt(trialEnd + 9 * DAY_MS)).toMatchObject({ alerted: 1 });
    expect(await notificationsOf(moved, 1)).toEqual([expect.objectContaining({ title: 'Your trial ends soon' })]);
    expect(await notificationsOf(paid)).toEqual([]);
  });

  it("does not repeat an alert Stripe's trial_will_end already gave", async () => {
    const trialEnd = uniqueTrialEnd();
    const org = await registerOrganization();
    const { customer, subscription } = await subscribe(org, { status: 'trialing', trialEnd: trialEnd / 1000 });
    await deliverOk(
      stripeEvent(
        'customer.subscription.trial_will_end',
        subscriptionObject({ id: subscription.id, customer, status: 'trialing', trialEnd: trialEnd / 1000 }),
      ),
    );
    await waitForMail(org.email, 'trial ends');
    expect(await dailyRunAt(trialEnd - 2 * DAY_MS)).toMatchObject({ alerted: 0 });
    await outboxSettled();
    expect(await trialMailsTo(org)).toHaveLength(1);
    expect(await notificationsOf(org, 1)).toHaveLength(1);
  });
});
