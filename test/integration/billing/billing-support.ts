import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { billingKeys } from '../../../functions/billing/keys';
import {
  type StripeTestEvent,
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  nowSeconds,
  signatureFor,
  stripeEvent,
  subscriptionObject,
  type SubscriptionFields,
} from '../../support/stripe-events';
import { type ApiResponse, type SignedIn, request } from '../support/api';
import { testTable } from '../support/table';

/** Delivers an event to the webhook as Stripe does: the JSON body and its Stripe-Signature header. */
export function deliver(
  event: StripeTestEvent,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<ApiResponse> {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? signatureFor(payload, options.secret ?? inject('stripeWebhookSecret'), options.timestamp)
      : options.signature;
  return request('/api/billing/webhook', {
    method: 'POST',
    rawBody: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
}

/** Delivers an event and expects Stripe's delivery to succeed. */
export async function deliverOk(event: StripeTestEvent) {
  const response = await deliver(event);
  if (response.status !== 200) throw new Error(`${event.type} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

/** What the local Stripe stand-in answers for GET /v1/subscriptions/{id} from now on. */
export async function stripeHolds(subscription: ReturnType<typeof subscriptionObject>) {
  const response = await fetch(`${inject('stripeStandInUrl')}/__stand-in/subscriptions/${subscription.id}`, {
    method: 'PUT',
    body: JSON.stringify(subscription),
  });
  if (!response.ok) throw new Error(`stand-in refused the subscription: ${response.status}`);
}

export async function portalSessionsCreated(): Promise<{ customer: string; return_url: string; url: string }[]> {
  return (await fetch(`${inject('stripeStandInUrl')}/__stand-in/portal-sessions`)).json() as never;
}

/** The pricing table's client reference, made by the server for `admin`'s organization (POST /api/billing/checkout-reference). */
export async function checkoutReference(admin: SignedIn): Promise<string> {
  const response = await admin.call('/api/billing/checkout-reference', { method: 'POST' });
  if (response.status !== 201) throw new Error(`POST checkout-reference answered ${response.status}`);
  return response.body.reference as string;
}

/** An organization that bought a subscription: checkout from the pricing table with the server's reference, Stripe holding `fields`. */
export async function subscribe(org: SignedIn, fields: Partial<SubscriptionFields> = {}) {
  const customer = fields.customer ?? newCustomerId();
  const subscription = subscriptionObject({ id: newSubscriptionId(), customer, status: 'active', ...fields });
  await stripeHolds(subscription);
  await deliverOk(
    stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription: subscription.id, clientReferenceId: await checkoutReference(org) }),
    ),
  );
  return { customer, subscription };
}

export const subscriptionOf = async (member: SignedIn) => {
  const response = await member.call('/api/billing/subscription');
  if (response.status !== 200) throw new Error(`GET subscription answered ${response.status}`);
  return response.body;
};

/** Whether the event id was recorded as processed. */
export async function recordedEvent(eventId: string) {
  const { db, tableName } = testTable();
  const out = await db.send(
    new GetCommand({ TableName: tableName, Key: billingKeys.stripeEvent(eventId), ConsistentRead: true }),
  );
  return out.Item;
}

export { nowSeconds };
