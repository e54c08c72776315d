import type Stripe from 'stripe';
import type { AuditAction, AuditDetails } from '../../shared/schemas/audit-log';
import { type AuditClient, auditPut, billingSystemIn } from '../audit-log/entries';
import { now } from '../clock';
import { getItem } from '../db/reads';
import { logger } from '../observability/logger';
import { billingAdmins, paymentFailedAlert, trialEndingAlert } from './admin-alerts';
import { organizationOfCheckoutReference } from './checkout-references';
import { type BillingItem } from './item';
import { billingKeys } from './keys';
import { organizationOfCustomer, storedBilling } from './reads';
import { stripeClient } from './stripe-client';
import {
  applyEventOnce,
  type Outcome,
  type UnmatchedEventItem,
  unmatchedEventDelete,
  unmatchedEventPut,
  unmatchedEventsOf,
} from './stripe-events';
import { type SubscriptionState, idOf, subscriptionState } from './subscription-state';
import type { TrialEndItem } from './trial-ends';
import { trialDay, trialIndexWrites } from './trial-ends';
import {
  customerIdsUpdate,
  customerLinkPut,
  organizationExists,
  organizationPlanUpdate,
  paymentUpdate,
  subscriptionStateUpdate,
} from './writes';

type EventOutcome = Outcome | 'unmatched' | 'ignored';

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
  if (stripe) return { state: subscriptionState(await stripe.subscriptions.retrieve(id), fallbackPlan), asOf: now().getTime() };
  if (typeof subscription === 'string') return undefined;
  return { state: subscriptionState(subscription, fallbackPlan), asOf: event.created * 1000 };
}

const FALLBACK_PLAN = 'professional';

/**
 * Checkout from the pricing table: client_reference_id is a reference the server made for an admin
 * of the organization (checkout-references.ts), so the customer is linked to that organization, never
 * to whoever paid nor to an organization id a browser put in. Events of this customer that arrived
 * before the link are applied now and removed. A checkout naming no reference of ours links nothing:
 * it is kept as unmatched, for a person to look at, and logged.
 */
async function checkoutCompleted(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  client: AuditClient,
): Promise<EventOutcome> {
  const customerId = idOf(session.customer);
  if (!customerId) return 'ignored';
  const orgId = await organizationOfCheckoutReference(session.client_reference_id);
  if (!orgId) {
    if (session.client_reference_id)
      logger.warn('Checkout with an unknown or expired client reference: nothing linked', { eventId: event.id, customerId });
    return keepUnmatched(event, customerId, null);
  }
  const subscriptionId = idOf(session.subscription);
  const [waiting, stored] = await Promise.all([unmatchedEventsOf(customerId), storedBilling(orgId)]);
  const newestWaiting = waiting.filter((item) => item.subscription).sort((a, b) => b.created - a.created)[0];
  const fetched = subscriptionId ? await currentState(event, subscriptionId, FALLBACK_PLAN) : undefined;
  const state =
    fetched ??
    (newestWaiting
      ? {
          state: subscriptionState(newestWaiting.subscription as Stripe.Subscription, FALLBACK_PLAN),
          asOf: newestWaiting.created * 1000,
        }
      : undefined);
  const link = [organizationExists(orgId), customerLinkPut(customerId, orgId)];
  // Room in 100 for the event, the link, the state, the payment, the trial index's two writes and the audit entry.
  const cleanUp = waiting.slice(0, 88).map(unmatchedEventDelete);
  const waitingPayment = newestPaymentEvent(waiting);
  const payment = waitingPayment
    ? [
        paymentUpdate(
          orgId,
          waitingPayment.eventType === 'invoice.payment_failed' ? new Date(waitingPayment.created * 1000).toISOString() : null,
          waitingPayment.created * 1000,
        ),
      ]
    : [];
  const linkOnly = [...link, customerIdsUpdate(orgId, { customerId, subscriptionId }), ...cleanUp];
  const changed = billingEntry(orgId, 'billing.subscription_changed', event, state?.state, client, {
    customerLinked: true,
    subscriptionId: subscriptionId ?? null,
  });
  return applyEventOnce(event, orgId, [
    {
      outcome: 'applied',
      writes: state
        ? [
            // The plan's update stands for the organization's existence check: one write per item in a transaction.
            organizationPlanUpdate(orgId, state.state.plan),
            customerLinkPut(customerId, orgId),
            subscriptionStateUpdate(orgId, state.state, state.asOf, { customerId }),
            ...trialIndexWrites(orgId, trialFacts(stored), state.state),
            ...payment,
            ...cleanUp,
            changed,
          ]
        : [...linkOnly, ...payment, changed],
    },
    // A newer state (or payment) was stored first: the link still holds.
    { outcome: 'stale', writes: linkOnly },
    // An unknown organization, or a customer already linked to another one: kept for a person to look at.
    { outcome: 'refused', writes: [unmatchedEventPut(event, customerId, null)] },
  ]);
}

function newestPaymentEvent(waiting: UnmatchedEventItem[]) {
  return waiting.filter((item) => item.eventType.startsWith('invoice.')).sort((a, b) => b.created - a.created)[0];
}

async function subscriptionChanged(
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  client: AuditClient,
): Promise<EventOutcome> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return 'ignored';
  const orgId = await organizationOfCustomer(customerId);
  if (!orgId) return keepUnmatched(event, customerId, subscription);
  const [{ state, asOf }, stored] = await Promise.all([
    currentState(event, subscription, FALLBACK_PLAN).then((current) => current!),
    storedBilling(orgId),
  ]);
  const alert =
    event.type === 'customer.subscription.trial_will_end'
      ? await trialWarning(orgId, state.trialEnd, trialDay(state))
      : undefined;
  const notify = alert?.writes ?? [];
  // The trial warning is sent even when a newer state was stored first: the trial still ends.
  return applyEventOnce(event, orgId, [
    {
      outcome: 'applied',
      writes: [
        subscriptionStateUpdate(orgId, state, asOf),
        organizationPlanUpdate(orgId, state.plan),
        ...trialIndexWrites(orgId, trialFacts(stored), state, alert?.alertedAt),
        ...notify,
        billingEntry(orgId, 'billing.subscription_changed', event, state, client),
      ],
    },
    { outcome: 'stale', writes: notify },
  ]);
}

/**
 * Stripe's trial_will_end alerts the admins unless the daily run (functions/billing/trial-ending-alerts.ts)
 * already announced this trial end; the alert marks the trial index, so the run will not announce it again.
 */
async function trialWarning(orgId: string, trialEnd: string | null, day: string | null) {
  const indexed = day ? await getItem<TrialEndItem>(billingKeys.trialEnd(day, orgId), { consistentRead: true }) : undefined;
  if (indexed?.alertedAt && indexed.trialEnd === trialEnd) return undefined;
  return { writes: trialEndingAlert(orgId, await billingAdmins(orgId), trialEnd), alertedAt: now().toISOString() };
}

const trialFacts = (stored: Partial<BillingItem> | undefined) =>
  stored?.status ? { status: stored.status, trialEnd: stored.trialEnd ?? null } : undefined;

async function invoiceOutcome(event: Stripe.Event, invoice: Stripe.Invoice, client: AuditClient): Promise<EventOutcome> {
  const customerId = idOf(invoice.customer);
  if (!customerId) return 'ignored';
  const orgId = await organizationOfCustomer(customerId);
  if (!orgId) return keepUnmatched(event, customerId, null);
  const failed = event.type === 'invoice.payment_failed';
  const asOf = event.created * 1000;
  const update = paymentUpdate(orgId, failed ? new Date(asOf).toISOString() : null, asOf);
  // A failure older than a payment already recorded is history: nobody is told about it.
  const notify = failed ? paymentFailedAlert(orgId, await billingAdmins(orgId)) : [];
  return applyEventOnce(event, orgId, [
    {
      outcome: 'applied',
      writes: [
        update,
        ...notify,
        billingEntry(orgId, failed ? 'billing.payment_failed' : 'billing.payment_succeeded', event, undefined, client, {
          invoiceId: invoice.id ?? null,
        }),
      ],
    },
    { outcome: 'stale', writes: [] },
  ]);
}

/**
 * The audit entry of a billing change, by Stripe (the billing system is the actor). Only an applied
 * event writes one: a stale or duplicate event changed nothing.
 */
function billingEntry(
  orgId: string,
  action: AuditAction,
  event: Stripe.Event,
  state: SubscriptionState | undefined,
  client: AuditClient,
  extra: AuditDetails = {},
) {
  const stateDetails: AuditDetails = state
    ? { plan: state.plan, interval: state.interval, status: state.status, cancelAtPeriodEnd: state.cancelAtPeriodEnd }
    : {};
  const target = {
    type: 'subscription' as const,
    id: state?.subscriptionId ?? orgId,
    label: state ? `${state.plan} (${state.interval})` : 'Subscription',
  };
  return auditPut(
    { actor: billingSystemIn(orgId), client },
    { action, target, details: { stripeEvent: event.type, stripeEventId: event.id, ...stateDetails, ...extra } },
  );
}

async function keepUnmatched(event: Stripe.Event, customerId: string, subscription: unknown): Promise<EventOutcome> {
  const outcome = await applyEventOnce(event, null, [
    { outcome: 'applied', writes: [unmatchedEventPut(event, customerId, subscription)] },
  ]);
  return outcome === 'applied' ? 'unmatched' : outcome;
}
