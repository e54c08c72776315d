import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../shared/schemas/billing';

/** What the product keeps of a Stripe subscription. */
export interface SubscriptionState {
  subscriptionId: string;
  plan: string;
  interval: string;
  status: SubscriptionStatus;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  seats: number | null;
}

/**
 * Stripe's eight statuses in the product's six: an expired first payment is a canceled
 * subscription; a paused one (a trial that ended without a payment method) is unpaid.
 */
const STATUS: Record<string, SubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'unpaid',
};

const INTERVAL: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' };

const isoFromEpoch = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/**
 * A subscription as Stripe sends it (in an event or from the API). The plan is the price's lookup
 * key (or nickname) when it has one, else `fallbackPlan`; the period end is the first item's
 * (Stripe keeps periods per item since API version 2025-03-31).
 */
export function subscriptionState(subscription: Stripe.Subscription, fallbackPlan: string): SubscriptionState {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  const currentPeriodEnd = isoFromEpoch(item?.current_period_end);
  const cancelAt = isoFromEpoch(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? currentPeriodEnd : null);
  return {
    subscriptionId: subscription.id,
    plan: price?.lookup_key ?? price?.nickname ?? fallbackPlan,
    interval: INTERVAL[price?.recurring?.interval ?? ''] ?? 'monthly',
    status: STATUS[subscription.status] ?? 'incomplete',
    trialEnd: isoFromEpoch(subscription.trial_end),
    currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    cancelAt,
    seats: item?.quantity ?? null,
  };
}

/** The id of an expandable Stripe field (a string, or the object when it was expanded). */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
