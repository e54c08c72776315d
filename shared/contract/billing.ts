import { checkoutReferenceResponse, portalSessionResponse, subscriptionResponse, webhookResponse } from '../schemas/billing';
import { endpoint } from './endpoint';

// The organization's subscription, its Stripe customer portal, and Stripe's webhook.

export const subscription = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/billing/subscription',
  auth: 'required',
  response: subscriptionResponse,
});
/** Admins only: a portal session for the organization's Stripe customer, returning to /billing. */
export const portalSession = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/billing/portal-session',
  auth: 'required',
  response: portalSessionResponse,
});
/** Admins only: a reference for the pricing table's checkout, tying the purchase to the organization on the server. */
/** Asked again every hour by an open pricing page: passive, so a page left open does not keep its session alive. */
export const checkoutReference = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/billing/checkout-reference',
  auth: 'required',
  passive: true,
  response: checkoutReferenceResponse,
});
/** Stripe's events, authenticated by their signature over the raw body (docs/decisions/017). */
export const webhook = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/billing/webhook',
  auth: 'none',
  rawBody: true,
  response: webhookResponse,
});
