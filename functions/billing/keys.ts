import { type Key, keyOf, ORG } from '../db/keys';
import type { CheckoutReferenceItem } from './checkout-references';
import type { BillingItem } from './item';

const STRIPE_CUSTOMER = 'STRIPE_CUSTOMER#';
const UNMATCHED = 'UNMATCHED#';
const TRIAL_ENDS = 'TRIAL_ENDS#';

/** The keys of the organization's subscription and of Stripe's events (docs/data-model.md, Billing). */
export const billingKeys = {
  /**
   * The organization's subscription state (docs/decisions/017); partial while only a customer link
   * exists (an organization linked before any subscription event).
   */
  billing: (orgId: string) => keyOf<Partial<BillingItem>>(`${ORG}${orgId}`, 'BILLING'),
  /** A pricing-table checkout's reference, made by the server for one admin (functions/billing/checkout-references.ts). */
  checkoutReference: (reference: string) => keyOf<CheckoutReferenceItem>(`CHECKOUT_REFERENCE#${reference}`, 'CHECKOUT_REFERENCE'),
  /** Which organization a Stripe customer belongs to (set by checkout.session.completed). */
  stripeCustomer: (customerId: string): Key => ({ PK: `${STRIPE_CUSTOMER}${customerId}`, SK: 'CUSTOMER' }),
  /** An event of a customer not linked to any organization yet, kept for reconciliation. */
  unmatchedStripeEvent: (customerId: string, eventId: string): Key => ({
    PK: `${STRIPE_CUSTOMER}${customerId}`,
    SK: `${UNMATCHED}${eventId}`,
  }),
  /** A Stripe event already processed: written in the same transaction as its effect. */
  stripeEvent: (eventId: string): Key => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' }),
  /**
   * A trial that ends on `day` ('YYYY-MM-DD', UTC): one partition per day, so the daily trial alert
   * reads the few days ahead with a Query each and never scans (functions/billing/trial-ends.ts).
   */
  trialEnd: (day: string, orgId: string): Key => ({ PK: `${TRIAL_ENDS}${day}`, SK: `${ORG}${orgId}` }),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const billingCollections = {
  unmatchedEventsOfCustomer: (customerId: string) => ({ PK: `${STRIPE_CUSTOMER}${customerId}`, prefix: UNMATCHED }),
  trialsEndingOn: (day: string) => ({ PK: `${TRIAL_ENDS}${day}`, prefix: ORG }),
} as const;
