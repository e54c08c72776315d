import type Stripe from 'stripe';
import {
  customerIdsUpdate,
  customerLinkPut,
  organizationExists,
  organizationOfCustomer,
  paymentUpdate,
  subscriptionStateUpdate,
} from '../db/billing';
import type { AuditAction, AuditDetails } from '../../shared/schemas/audit-log';
import { type AuditClient, BILLING_SYSTEM_ACTOR, auditPut } from '../db/audit-log';
import { notificationWrites } from '../db/notification-writes';
import { applyEventOnce, type Outcome, type UnmatchedEventItem, unmatchedEventDelete, unmatchedEventPut, unmatchedEventsOf } from '../db/stripe-events';
import { listUsersOfOrganization } from '../db/users';
import { PAYMENT_FAILED, trialEndingSoon } from './billing-notifications';
import { stripeClient } from './stripe-client';
import { type SubscriptionState, idOf, subscriptionState } from './subscription-state';

/** The events the webhook endpoint subscribes to (README: pointing Stripe at a stage). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * A transaction holds at most 100 writes: the event record, the billing update and two per
 * notified admin. An organization with more admins notifies the first ones.
 */
const MAX_NOTIFIED_ADMINS = 45;

export type EventOutcome = Outcome | 'unmatched' | 'ignored';

/**
 * Applies one verified Stripe event to the organization it concerns (docs/decisions/017). An event
 * that changes an organization's billing writes its audit entry in the same transaction; `client` is
 * the webhook request's (Stripe's address and User-Agent).
 */
export async function processStripeEvent(event: Stripe.Event, client: AuditClient): Promise<EventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(event, event.data.object, client);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return subscriptionChanged(event, event.data.object, client);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceOutcome(event, event.data.object, client);
    default:
      return 'ignored';
  }
}

/**
 * The subscription as it stands: fetched from Stripe by id when the stage has a secret key (then
 * the order of deliveries does not matter: the state is as of now), else as the event carried it,
 * as of the event's `created` (the newest event's state wins).
 */
async function currentState(event: Stripe.Event, subscription: Stripe.Subscription | string, fallbackPlan: string) {
  const stripe = await stripeClient();
  const id = idOf(subscription)!;
  if (stripe) return { state: subscriptionState(await stripe.subscriptions.retrieve(id), fallbackPlan), asOf: Date.now() };
  if (typeof subscription === 'string') return undefined;
  return { state: subscriptionState(subscription, fallbackPlan), asOf: event.created * 1000 };
}

const FALLBACK_PLAN = 'professional';

/**
 * Checkout from the pricing table: client_reference_id is the organization id the page put in, so
 * the customer is linked to that organization, never to whoever paid. Events of this customer that
 * arrived before the link are applied now and removed.
 */
async function checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session, client: AuditClient): Promise<EventOutcome> {
  const customerId = idOf(session.customer);
  if (!customerId) return 'ignored';
  const orgId = session.client_reference_id;
  if (!orgId) return keepUnmatched(event, customerId, null);
  const subscriptionId = idOf(session.subscription);
  const waiting = await unmatchedEventsOf(customerId);
  const newestWaiting = waiting
    .filter((item) => item.subscription)
    .sort((a, b) => b.created - a.created)[0];
  const fetched = subscriptionId ? await currentState(event, subscriptionId, FALLBACK_PLAN) : undefined;
  const state =
    fetched ??
    (newestWaiting ? { state: subscriptionState(newestWaiting.subscription as Stripe.Subscription, FALLBACK_PLAN), asOf: newestWaiting.created * 1000 } : undefined);
  const link = [organizationExists(orgId), customerLinkPut(customerId, orgId)];
  const cleanUp = waiting.slice(0, 90).map(unmatchedEventDelete);
  const waitingPayment = newestPaymentEvent(waiting);
  const payment = waitingPayment
    ? [paymentUpdate(orgId, waitingPayment.eventType === 'invoice.payment_failed' ? new Date(waitingPayment.created * 1000).toISOString() : null, waitingPayment.created * 1000)]
    : [];
  const linkOnly = [...link, customerIdsUpdate(orgId, { customerId, subscriptionId }), ...cleanUp];
  const changed = billingEntry(orgId, 'billing.subscription_changed', event, state?.state, client, { customerLinked: true, subscriptionId: subscriptionId ?? null });
  return applyEventOnce(event, orgId, [
    { outcome: 'applied', writes: state ? [...link, subscriptionStateUpdate(orgId, state.state, state.asOf, { customerId }), ...payment, ...cleanUp, changed] : [...linkOnly, ...payment, changed] },
    // A newer state (or payment) was stored first: the link still holds.
    { outcome: 'stale', writes: linkOnly },
    // An unknown organization, or a customer already linked to another one: kept for a person to look at.
    { outcome: 'refused', writes: [unmatchedEventPut(event, customerId, null)] },
  ]);
}

function newestPaymentEvent(waiting: UnmatchedEventItem[]) {
  return waiting.filter((item) => item.eventType.startsWith('invoice.')).sort((a, b) => b.created - a.created)[0];
}

async function subscriptionChanged(event: Stripe.Event, subscription: Stripe.Subscription, client: AuditClient): Promise<EventOutcome> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return 'ignored';
  const orgId = await organizationOfCustomer(customerId);
  if (!orgId) return keepUnmatched(event, customerId, subscription);
  const { state, asOf } = (await currentState(event, subscription, FALLBACK_PLAN))!;
  const notify = event.type === 'customer.subscription.trial_will_end' ? notificationWrites(orgId, await adminIds(orgId), trialEndingSoon(state.trialEnd)) : [];
  // The trial warning is sent even when a newer state was stored first: the trial still ends.
  return applyEventOnce(event, orgId, [
    { outcome: 'applied', writes: [subscriptionStateUpdate(orgId, state, asOf), ...notify, billingEntry(orgId, 'billing.subscription_changed', event, state, client)] },
    { outcome: 'stale', writes: notify },
  ]);
}

async function invoiceOutcome(event: Stripe.Event, invoice: Stripe.Invoice, client: AuditClient): Promise<EventOutcome> {
  const customerId = idOf(invoice.customer);
  if (!customerId) return 'ignored';
  const orgId = await organizationOfCustomer(customerId);
  if (!orgId) return keepUnmatched(event, customerId, null);
  const failed = event.type === 'invoice.payment_failed';
  const asOf = event.created * 1000;
  const update = paymentUpdate(orgId, failed ? new Date(asOf).toISOString() : null, asOf);
  // A failure older than a payment already recorded is history: nobody is told about it.
  const notify = failed ? notificationWrites(orgId, await adminIds(orgId), PAYMENT_FAILED) : [];
  return applyEventOnce(event, orgId, [
    { outcome: 'applied', writes: [update, ...notify, billingEntry(orgId, failed ? 'billing.payment_failed' : 'billing.payment_succeeded', event, undefined, client, { invoiceId: invoice.id ?? null })] },
    { outcome: 'stale', writes: [] },
  ]);
}

/**
 * The audit entry of a billing change, by Stripe (the billing system is the actor). Only an applied
 * event writes one: a stale or duplicate event changed nothing.
 */
function billingEntry(orgId: string, action: AuditAction, event: Stripe.Event, state: SubscriptionState | undefined, client: AuditClient, extra: AuditDetails = {}) {
  const stateDetails: AuditDetails = state ? { plan: state.plan, interval: state.interval, status: state.status, cancelAtPeriodEnd: state.cancelAtPeriodEnd } : {};
  const target = { type: 'subscription' as const, id: state?.subscriptionId ?? orgId, label: state ? `${state.plan} (${state.interval})` : 'Subscription' };
  return auditPut(orgId, { action, actor: BILLING_SYSTEM_ACTOR, target, details: { stripeEvent: event.type, stripeEventId: event.id, ...stateDetails, ...extra } }, client);
}

async function adminIds(orgId: string) {
  const users = await listUsersOfOrganization(orgId);
  return users
    .filter((user) => user.role === 'admin')
    .map((user) => user.id)
    .slice(0, MAX_NOTIFIED_ADMINS);
}

async function keepUnmatched(event: Stripe.Event, customerId: string, subscription: unknown): Promise<EventOutcome> {
  const outcome = await applyEventOnce(event, null, [{ outcome: 'applied', writes: [unmatchedEventPut(event, customerId, subscription)] }]);
  return outcome === 'applied' ? 'unmatched' : outcome;
}
