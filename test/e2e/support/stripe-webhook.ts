import type { APIRequestContext } from '@playwright/test';
import { type StripeTestEvent, signatureFor } from '../../support/stripe-events';

/**
 * The signing secret the end-to-end server is started with (playwright.config.ts): a local-only
 * value, so the tests can deliver Stripe events signed as Stripe signs them. No secret key is set:
 * the events' own objects are applied, newest `created` first (docs/decisions/017).
 */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_local_only_not_a_real_secret';

/** Delivers a signed event to the app's webhook and expects it accepted. */
export async function deliverStripeEvent(request: APIRequestContext, event: StripeTestEvent) {
  const payload = JSON.stringify(event);
  const response = await request.post('/api/billing/webhook', {
    data: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signatureFor(payload, E2E_STRIPE_WEBHOOK_SECRET),
    },
  });
  if (response.status() !== 200) throw new Error(`${event.type}: ${response.status()} ${await response.text()}`);
}

/** The pricing table's client reference the server makes for the signed-in admin of `request`'s session. */
export async function checkoutReference(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/billing/checkout-reference');
  if (response.status() !== 201) throw new Error(`checkout-reference: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { reference: string }).reference;
}
