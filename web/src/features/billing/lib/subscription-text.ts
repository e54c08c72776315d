import { PRODUCT_NAME } from '@shared/product';
import type { SubscriptionResponse, SubscriptionStatus } from '@shared/schemas/billing';
import { TRIAL_WARNING_DAYS } from '@shared/schemas/billing';
import type { BadgeTone } from '../../../components/ui/badge';
import { longDate } from '../../../lib/date-format';

export const STATUS_LABEL: Record<SubscriptionStatus, { label: string; tone: BadgeTone }> = {
  trialing: { label: 'Trial', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'neutral' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  incomplete: { label: 'Incomplete', tone: 'warning' },
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'Professional · Monthly'. */
export const planLine = (subscription: SubscriptionResponse) =>
  `${capitalize(subscription.plan)} · ${capitalize(subscription.interval)}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** '1 day left', '14 days left': whole days, counting a part of a day as one. */
const daysLeft = (until: string, now: number) => {
  const days = Math.max(1, Math.ceil((Date.parse(until) - now) / DAY_MS));
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
};

/** The one date that matters now: when the trial ends (with the days left), the subscription renews, or it cancels. */
export function dateLine(subscription: SubscriptionResponse, now = Date.now()): string | null {
  if (subscription.status === 'canceled') return null;
  if (subscription.cancelAtPeriodEnd && (subscription.cancelAt ?? subscription.currentPeriodEnd)) {
    return `Cancels on ${longDate((subscription.cancelAt ?? subscription.currentPeriodEnd)!)}`;
  }
  if (subscription.status === 'trialing' && subscription.trialEnd) {
    const ends = longDate(subscription.trialEnd);
    return Date.parse(subscription.trialEnd) > now
      ? `Trial ends on ${ends} (${daysLeft(subscription.trialEnd, now)})`
      : `Trial ended on ${ends}`;
  }
  if (subscription.currentPeriodEnd) return `Renews on ${longDate(subscription.currentPeriodEnd)}`;
  return null;
}

const PAYMENT_FAILED_TEXT = 'Your last payment failed. Update your payment method.';

/** What the admin banner says, if anything: a failed payment first, then the trial's end. */
export function bannerText(subscription: SubscriptionResponse, now = Date.now()): string | null {
  if (subscription.paymentFailed) return PAYMENT_FAILED_TEXT;
  if (subscription.status !== 'trialing' || !subscription.trialEnd) return null;
  const left = Date.parse(subscription.trialEnd) - now;
  if (left <= 0)
    return subscription.hasSubscription ? null : `Your trial has ended. Choose a plan to keep using ${PRODUCT_NAME}.`;
  if (left <= TRIAL_WARNING_DAYS * DAY_MS)
    return `Your trial ends on ${longDate(subscription.trialEnd)}. Choose a plan to keep your subscription.`;
  return null;
}
