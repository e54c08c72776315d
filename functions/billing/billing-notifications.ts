import type { NotificationMessage } from '../events/change-event';

let longDateFormat: Intl.DateTimeFormat | undefined;

/**
 * 'January 5, 2026' (the spec's long date format), in UTC as Stripe's dates are. The formatter is
 * built on first use: building it loads ICU's locale data, about 14 ms that the import of Stripe's
 * webhook (every delivery's cold start) would otherwise pay for the one event that formats a date.
 */
export function longDate(iso: string): string {
  longDateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return longDateFormat.format(new Date(iso));
}

/** invoice.payment_failed, to every admin of the organization. */
export const PAYMENT_FAILED: NotificationMessage = {
  title: 'Payment failed',
  content: 'Your last payment failed. Update your payment method.',
  linkUrl: '/billing',
};

/** customer.subscription.trial_will_end (Stripe sends it 3 days before), to every admin. */
export const trialEndingSoon = (trialEnd: string | null): NotificationMessage => ({
  title: 'Your trial ends soon',
  content: trialEnd
    ? `Your trial ends on ${longDate(trialEnd)}. Choose a plan on the billing page to keep your subscription.`
    : 'Your trial ends soon. Choose a plan on the billing page to keep your subscription.',
  linkUrl: '/billing',
});
