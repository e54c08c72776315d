import Stripe from 'stripe';

/**
 * Stripe events as Stripe sends them, for tests: the objects carry the fields the product reads,
 * in the shapes of Stripe's API reference, and are signed with the library's own test-header helper.
 */
let sequence = 0;
const nextId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(sequence += 1).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const newCustomerId = () => nextId('cus');
export const newSubscriptionId = () => nextId('sub');
const DAY = 24 * 60 * 60;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface SubscriptionFields {
  id: string;
  customer: string;
  status: string;
  trialEnd?: number | null;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
  quantity?: number;
  lookupKey?: string | null;
  interval?: 'month' | 'year';
}

export function subscriptionObject(fields: SubscriptionFields) {
  const periodEnd = fields.currentPeriodEnd ?? nowSeconds() + 30 * DAY;
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: fields.cancelAt ?? null,
    canceled_at: null,
    created: nowSeconds() - DAY,
    trial_end: fields.trialEnd ?? null,
    trial_start: null,
    livemode: false,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id}`,
          object: 'subscription_item',
          current_period_start: periodEnd - 30 * DAY,
          current_period_end: periodEnd,
          quantity: fields.quantity ?? 1,
          price: {
            id: 'price_professional_monthly',
            object: 'price',
            lookup_key: fields.lookupKey === undefined ? 'professional' : fields.lookupKey,
            nickname: null,
            recurring: { interval: fields.interval ?? 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function checkoutSessionObject(fields: {
  customer: string;
  subscription: string | null;
  clientReferenceId: string | null;
  email?: string;
}) {
  return {
    id: nextId('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: fields.clientReferenceId,
    customer: fields.customer,
    customer_email: fields.email ?? null,
    subscription: fields.subscription,
  };
}

export function invoiceObject(fields: { customer: string; subscription: string; status: 'paid' | 'open' }) {
  return {
    id: nextId('in'),
    object: 'invoice',
    customer: fields.customer,
    status: fields.status,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: fields.subscription, metadata: {} },
      quote_details: null,
    },
  };
}

export interface StripeTestEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

export function stripeEvent(type: string, object: unknown, created = nowSeconds()): StripeTestEvent {
  return {
    id: nextId('evt'),
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The Stripe-Signature header for a payload, as Stripe computes it (timestamp: epoch seconds). */
export function signatureFor(payload: string, secret: string, timestamp = nowSeconds()) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
