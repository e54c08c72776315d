import type { SubscriptionResponse } from '@shared/schemas/billing';
import { describe, expect, it } from 'vitest';
import { bannerText, dateLine, planLine } from './subscription-text';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 2, 12);
const base: SubscriptionResponse = {
  plan: 'professional',
  interval: 'monthly',
  status: 'trialing',
  trialEnd: new Date(now + 10 * DAY).toISOString(),
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  cancelAt: null,
  seats: null,
  paymentFailed: false,
  hasCustomer: false,
  hasSubscription: false,
};

describe('the billing texts', () => {
  it('names the plan and interval', () => {
    expect(planLine(base)).toBe('Professional · Monthly');
  });

  it('says when the trial ends, the subscription renews or cancels, and nothing once canceled', () => {
    const now = Date.parse('2026-01-01T12:00:00.000Z');
    expect(dateLine({ ...base, trialEnd: '2026-01-05T12:00:00.000Z' }, now)).toBe('Trial ends on January 5, 2026 (4 days left)');
    expect(dateLine({ ...base, trialEnd: '2026-01-02T08:00:00.000Z' }, now)).toBe('Trial ends on January 2, 2026 (1 day left)');
    expect(dateLine({ ...base, trialEnd: '2025-12-30T12:00:00.000Z' }, now)).toBe('Trial ended on December 30, 2025');
    expect(dateLine({ ...base, status: 'active', trialEnd: null, currentPeriodEnd: '2026-02-05T12:00:00.000Z' })).toBe(
      'Renews on February 5, 2026',
    );
    expect(
      dateLine({
        ...base,
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-02-05T12:00:00.000Z',
        cancelAt: '2026-02-05T12:00:00.000Z',
      }),
    ).toBe('Cancels on February 5, 2026');
    expect(dateLine({ ...base, status: 'canceled', currentPeriodEnd: '2026-02-05T12:00:00.000Z' })).toBeNull();
  });

  it('warns admins of a failed payment first, then of a trial ending within 3 days or ended without a subscription', () => {
    expect(bannerText(base, now)).toBeNull();
    expect(bannerText({ ...base, paymentFailed: true, status: 'past_due' }, now)).toBe(
      'Your last payment failed. Update your payment method.',
    );
    expect(bannerText({ ...base, trialEnd: new Date(now + 2 * DAY).toISOString() }, now)).toBe(
      'Your trial ends on January 4, 2026. Choose a plan to keep your subscription.',
    );
    expect(bannerText({ ...base, trialEnd: new Date(now - DAY).toISOString() }, now)).toBe(
      'Your trial has ended. Choose a plan to keep using Growthwise.',
    );
    expect(bannerText({ ...base, trialEnd: new Date(now - DAY).toISOString(), hasSubscription: true }, now)).toBeNull();
    expect(bannerText({ ...base, status: 'active', trialEnd: null }, now)).toBeNull();
  });
});
