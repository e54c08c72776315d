import * as z from 'zod/mini';

/** An organization's subscription status: Stripe's, with its rarer states folded in (docs/decisions/017). */
const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Admins are warned (banner, notification) this many days before the trial ends. */
export const TRIAL_WARNING_DAYS = 3;

/**
 * GET /api/billing/subscription: the caller's organization's subscription. Never the Stripe ids;
 * admins learn whether there are any (`hasCustomer`, `hasSubscription`) and whether
 * 'Manage Subscription' opens a portal session created for the organization (`portalSession`).
 */
export const subscriptionResponse = /* @__PURE__ */ (() =>
  z.object({
    plan: z.string(),
    interval: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** ISO-8601 instants, null when not applicable. */
    trialEnd: z.nullable(z.string()),
    currentPeriodEnd: z.nullable(z.string()),
    cancelAtPeriodEnd: z.boolean(),
    /** When a subscription set to cancel ends. */
    cancelAt: z.nullable(z.string()),
    /** Stripe's quantity, when the plan has one. */
    seats: z.nullable(z.number()),
    /** The latest invoice payment failed and no later one succeeded. */
    paymentFailed: z.boolean(),
    hasCustomer: z.optional(z.boolean()),
    hasSubscription: z.optional(z.boolean()),
    portalSession: z.optional(z.boolean()),
  }))();
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** POST /api/billing/portal-session: the Stripe customer portal session to open. */
export const portalSessionResponse = /* @__PURE__ */ (() => z.object({ url: z.string() }))();

/** POST /api/billing/checkout-reference: the pricing table's client reference, made for the signed-in admin (docs/decisions/035). */
export const checkoutReferenceResponse = /* @__PURE__ */ (() => z.object({ reference: z.string(), expiresAt: z.string() }))();

/** POST /api/billing/webhook: Stripe only looks at the status. */
export const webhookResponse = /* @__PURE__ */ (() => z.object({ received: z.boolean() }))();
