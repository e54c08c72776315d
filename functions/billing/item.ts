import { TRIAL_DAYS } from '../../shared/limits';
import type { SubscriptionResponse } from '../../shared/schemas/billing';
import { now as clockNow } from '../clock';
import type { OrganizationItem } from '../organization/item';
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

/**
 * The stored state over the organization's defaults: an organization registered before billing
 * state existed is on the trial its registration started; a partial item (linked before any
 * subscription event) keeps the defaults it lacks.
 */
export function billingOf(org: OrganizationItem, stored: Partial<BillingItem> | undefined): BillingItem {
  const defaults = trialBilling(org.id, org.plan ?? 'professional', org.billingCycle ?? 'monthly', new Date(org.createdAt));
  return { ...defaults, ...stored } as BillingItem;
}

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
