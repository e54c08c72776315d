import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { type TransactItem, failedConditionIndexes, transactWrite } from '../db/transactions';
import { billingCollections, billingKeys } from './keys';

const DAY_SECONDS = 24 * 60 * 60;
/** Stripe retries a delivery for up to 3 days: an event id is remembered well beyond that. */
const REMEMBER_EVENTS_SECONDS = 30 * DAY_SECONDS;

interface StripeEventRef {
  id: string;
  type: string;
  /** Epoch seconds, as Stripe sends it. */
  created: number;
}

/** An event of a customer no organization is linked to yet, with what it said about the subscription. */
export interface UnmatchedEventItem {
  type: 'UNMATCHED_STRIPE_EVENT';
  eventId: string;
  eventType: string;
  created: number;
  customerId: string;
  /** The subscription object the event carried, if any (applied when the customer is linked). */
  subscription: unknown;
  receivedAt: string;
}

function eventRecordPut(event: StripeEventRef, outcome: string, orgId: string | null): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...billingKeys.stripeEvent(event.id),
        type: 'STRIPE_EVENT',
        eventId: event.id,
        eventType: event.type,
        created: event.created,
        orgId,
        outcome,
        processedAt: now().toISOString(),
        ttl: ttlAt(now().getTime() + REMEMBER_EVENTS_SECONDS * 1000),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export type Outcome = 'applied' | 'stale' | 'refused' | 'duplicate';

/** One way to apply an event: what its record says happened, and the writes. */
interface EventEffect {
  outcome: Exclude<Outcome, 'duplicate'>;
  writes: TransactItem[];
}

/**
 * Processes an event exactly once: its id is written with `attribute_not_exists` in the same
 * TransactWriteItems as its effect, so a redelivery changes nothing ('duplicate'). When a condition
 * of an effect fails (a newer state is already stored, a customer belongs to another organization),
 * the next effect is tried: what still holds (a notification, the link without the state) or, last,
 * keeping the event for reconciliation.
 */
export async function applyEventOnce(event: StripeEventRef, orgId: string | null, effects: EventEffect[]): Promise<Outcome> {
  for (const [index, { outcome, writes }] of effects.entries()) {
    try {
      await transactWrite([eventRecordPut(event, outcome, orgId), ...writes]);
      return outcome;
    } catch (error) {
      const failed = failedConditionIndexes(error);
      if (failed.has(0)) return 'duplicate';
      if (index === effects.length - 1 || failed.size === 0) throw error;
    }
  }
  throw new Error(`No effect given for ${event.id}`);
}

/** Keeps an event of an unknown customer for reconciliation (in the customer's own partition). */
export function unmatchedEventPut(event: StripeEventRef, customerId: string, subscription: unknown): TransactItem {
  const item: UnmatchedEventItem = {
    type: 'UNMATCHED_STRIPE_EVENT',
    eventId: event.id,
    eventType: event.type,
    created: event.created,
    customerId,
    subscription: subscription ?? null,
    receivedAt: now().toISOString(),
  };
  return { Put: { TableName: TABLE_NAME, Item: { ...billingKeys.unmatchedStripeEvent(customerId, event.id), ...item } } };
}

/** The events kept for a customer that was not linked when they arrived. */
export const unmatchedEventsOf = (customerId: string) =>
  queryCollection<UnmatchedEventItem>(billingCollections.unmatchedEventsOfCustomer(customerId), { consistentRead: true });

export const unmatchedEventDelete = (item: UnmatchedEventItem): TransactItem => ({
  Delete: { TableName: TABLE_NAME, Key: billingKeys.unmatchedStripeEvent(item.customerId, item.eventId) },
});
