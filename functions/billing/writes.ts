import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { type Condition, updateExpression } from '../db/update-expression';
import { organizationKeys } from '../organization/keys';
import type { BillingItem } from './item';
import { billingKeys } from './keys';
import type { SubscriptionState } from './subscription-state';

/** The registration transaction's Put of the trial. */
export const trialBillingPut = (billing: BillingItem): TransactItem => ({
  Put: {
    TableName: TABLE_NAME,
    Item: { ...billingKeys.billing(billing.orgId), ...billing },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

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

/**
 * The plan billing recorded, onto the organization item every session reads: the organization's
 * request budget (functions/throttles/organization-budget.ts) goes by it. Written with the state it
 * comes from, so it is never older; the organization must exist.
 */
export const organizationPlanUpdate = (orgId: string, plan: string): TransactItem => ({
  Update: {
    TableName: TABLE_NAME,
    Key: organizationKeys.organization(orgId),
    ...updateExpression({ set: { plan } }, { expression: 'attribute_exists(PK)' }),
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
