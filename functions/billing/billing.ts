import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TRIAL_DAYS } from '../../shared/limits';
import type { SubscriptionResponse } from '../../shared/schemas/billing';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { type Condition, updateExpression } from '../db/update-expression';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { billingKeys } from './keys';
import type { SubscriptionState } from './subscription-state';

/** `ORG#o/BILLING`: the organization's subscription as Stripe last told us (docs/decisions/017). */
export interface BillingItem extends Omit<SubscriptionState, 'subscriptionId'> {
  type: 'BILLING';
  orgId: string;
  customerId: string | null;
  /** Null until Stripe reports a subscription (registration's trial has none). */
  subscriptionId: string | null;
  /** Epoch ms the subscription fields describe: a write carrying an older state never lands. */
  stateAsOf: number;
  /** When the latest invoice payment failed (null once one succeeds after it). */
  paymentFailedAt: string | null;
  /** Epoch ms of the invoice event the payment fields come from. */
  paymentAsOf: number;
  updatedAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Registration's state: the plan and cycle it chose, on a trial of TRIAL_DAYS. */
export function trialBilling(orgId: string, plan: string, interval: string, now = clockNow()): BillingItem {
  return {
    type: 'BILLING',
    orgId,
    plan,
    interval,
    status: 'trialing',
    trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    seats: null,
    customerId: null,
    subscriptionId: null,
    stateAsOf: 0,
    paymentFailedAt: null,
    paymentAsOf: 0,
    updatedAt: now.toISOString(),
  };
}

/** The registration transaction's Put of the trial. */
export const trialBillingPut = (billing: BillingItem): TransactItem => ({
  Put: {
    TableName: TABLE_NAME,
    Item: { ...billingKeys.billing(billing.orgId), ...billing },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * The stored state over the organization's defaults: an organization registered before billing
 * state existed is on the trial its registration started; a partial item (linked before any
 * subscription event) keeps the defaults it lacks.
 */
export function billingOf(org: OrganizationItem, stored: Partial<BillingItem> | undefined): BillingItem {
  const defaults = trialBilling(org.id, org.plan ?? 'professional', org.billingCycle ?? 'monthly', new Date(org.createdAt));
  return { ...defaults, ...stored } as BillingItem;
}

export const preloadBilling = ({ orgId }: { orgId: string }) => billingKeys.billing(orgId);

export function toSubscriptionResponse(billing: BillingItem, admin?: { portalSessions: boolean }): SubscriptionResponse {
  return {
    plan: billing.plan,
    interval: billing.interval,
    status: billing.status,
    trialEnd: billing.trialEnd,
    currentPeriodEnd: billing.currentPeriodEnd,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
    cancelAt: billing.cancelAt,
    seats: billing.seats,
    paymentFailed: billing.paymentFailedAt !== null,
    ...(admin
      ? {
          hasCustomer: billing.customerId !== null,
          hasSubscription: billing.subscriptionId !== null,
          portalSession: admin.portalSessions && billing.customerId !== null,
        }
      : {}),
  };
}

/** The billing item as stored (partial when linked before any subscription event; absent before billing state existed). */
export async function storedBilling(orgId: string): Promise<Partial<BillingItem> | undefined> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: billingKeys.billing(orgId), ConsistentRead: true }));
  return out.Item as Partial<BillingItem> | undefined;
}

/** The organization a Stripe customer was linked to, if any. */
export async function organizationOfCustomer(customerId: string): Promise<string | undefined> {
  const out = await db.send(
    new GetCommand({ TableName: TABLE_NAME, Key: billingKeys.stripeCustomer(customerId), ConsistentRead: true }),
  );
  return (out.Item as { orgId?: string } | undefined)?.orgId;
}

/** SET each field (and the item's identity), on a condition; absent items are created. */
function billingUpdate(orgId: string, fields: Record<string, unknown>, condition?: Condition): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: billingKeys.billing(orgId),
      ...updateExpression({ set: { type: 'BILLING', orgId, ...fields, updatedAt: clockNow().toISOString() } }, condition),
    },
  };
}

/** The subscription's state, unless the stored one is newer (`asOf`: epoch ms). */
export function subscriptionStateUpdate(
  orgId: string,
  state: SubscriptionState,
  asOf: number,
  extra: Record<string, unknown> = {},
): TransactItem {
  return billingUpdate(
    orgId,
    { ...state, stateAsOf: asOf, ...extra },
    { expression: 'attribute_not_exists(stateAsOf) OR stateAsOf <= :asOf', values: { ':asOf': asOf } },
  );
}

/** Links the organization to its Stripe customer (and subscription) without touching the state. */
export const customerIdsUpdate = (orgId: string, ids: { customerId: string; subscriptionId?: string | null }) =>
  billingUpdate(
    orgId,
    ids.subscriptionId ? { customerId: ids.customerId, subscriptionId: ids.subscriptionId } : { customerId: ids.customerId },
  );

/** An invoice's outcome, unless a newer invoice event was applied (`asOf`: epoch ms). */
export function paymentUpdate(orgId: string, failedAt: string | null, asOf: number): TransactItem {
  return billingUpdate(
    orgId,
    { paymentFailedAt: failedAt, paymentAsOf: asOf },
    { expression: 'attribute_not_exists(paymentAsOf) OR paymentAsOf <= :asOf', values: { ':asOf': asOf } },
  );
}

/** The customer → organization link; a customer never moves to another organization. */
export const customerLinkPut = (customerId: string, orgId: string): TransactItem => ({
  Put: {
    TableName: TABLE_NAME,
    Item: { ...billingKeys.stripeCustomer(customerId), type: 'STRIPE_CUSTOMER', customerId, orgId },
    ConditionExpression: 'attribute_not_exists(PK) OR orgId = :orgId',
    ExpressionAttributeValues: { ':orgId': orgId },
  },
});

/** The organization must exist (a client_reference_id is whatever the browser put in the pricing table). */
export const organizationExists = (orgId: string): TransactItem => ({
  ConditionCheck: {
    TableName: TABLE_NAME,
    Key: organizationKeys.organization(orgId),
    ConditionExpression: 'attribute_exists(PK)',
  },
});
