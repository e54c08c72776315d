import Stripe from 'stripe';
import * as billingEndpoints from '../../../shared/contract/billing';
import { processStripeEvent } from '../../billing/process-stripe-event';
import { stripeWebhookSecret } from '../../billing/stripe-settings';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { HttpError, badRequest } from '../../http/http-error';
import { ok } from '../../http/response';

/**
 * Stripe's events: the Stripe-Signature header is verified over the raw body with the stage's
 * signing secret (a bad or missing one, or a timestamp older than Stripe's 5-minute tolerance, is
 * 400 and writes nothing); each event is then applied once (functions/billing/process-stripe-event.ts).
 */
export const handler = defineRoute(billingEndpoints.webhook, async (request) => {
  const { rawBody, event } = request;
  const secret = await stripeWebhookSecret();
  if (!secret) throw new HttpError(503, 'Billing is not configured for this environment');
  const signature = event.headers?.['stripe-signature'];
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = await Stripe.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe-Signature header');
  }
  await processStripeEvent(stripeEvent, auditClient(request));
  return ok({ received: true });
});
