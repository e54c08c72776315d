import type { SubscriptionStatus } from '../../shared/schemas/billing';
import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import type { TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { billingCollections, billingKeys } from './keys';

/**
 * `TRIAL_ENDS#<day> / ORG#<orgId>`: the sparse index of running trials by the day they end (UTC).
 * Only a trialing organization has one; registration writes it with the trial, and every change
 * of the subscription state moves or removes it in the same transaction. `alertedAt` is the mark
 * of the 'trial ends soon' alert: set in the alert's own transaction, so each trial end is
 * announced once (a new trial end is a new item, announced again).
 */
export interface TrialEndItem {
  type: 'TRIAL_END';
  orgId: string;
  trialEnd: string;
  alertedAt?: string;
}

/** What the index follows of a subscription state. */
interface TrialFacts {
  status: SubscriptionStatus;
  trialEnd: string | null;
}

/** The day the index files a trial under, or null when there is no running trial. */
export const trialDay = (facts: TrialFacts | undefined): string | null =>
  facts?.status === 'trialing' && facts.trialEnd ? facts.trialEnd.slice(0, 10) : null;

function trialEndPut(orgId: string, trialEnd: string, alertedAt?: string): TransactItem {
  const item: TrialEndItem = { type: 'TRIAL_END', orgId, trialEnd, ...(alertedAt ? { alertedAt } : {}) };
  return { Put: { TableName: TABLE_NAME, Item: { ...billingKeys.trialEnd(trialEnd.slice(0, 10), orgId), ...item } } };
}

/** Registration's trial, for the registration transaction. */
export const registeredTrialPut = (orgId: string, trialEnd: string) => trialEndPut(orgId, trialEnd);

/**
 * The index writes for a state change from `stored` to `next`. A trial that stays on the same day
 * is updated in place, so its alert mark stays; `alertedAt`: the change itself carries the alert
 * (Stripe's trial_will_end), so the item is marked.
 */
export function trialIndexWrites(
  orgId: string,
  stored: TrialFacts | undefined,
  next: TrialFacts,
  alertedAt?: string,
): TransactItem[] {
  const before = trialDay(stored);
  const after = trialDay(next);
  const writes: TransactItem[] = [];
  if (before && before !== after) writes.push(trialEndDelete(before, orgId));
  if (after && after !== before) writes.push(trialEndPut(orgId, next.trialEnd!, alertedAt));
  if (after && after === before && (next.trialEnd !== stored?.trialEnd || alertedAt)) {
    writes.push({
      Update: {
        TableName: TABLE_NAME,
        Key: billingKeys.trialEnd(after, orgId),
        ...updateExpression({ set: { type: 'TRIAL_END', orgId, trialEnd: next.trialEnd, ...(alertedAt ? { alertedAt } : {}) } }),
      },
    });
  }
  return writes;
}

/** Marks the trial announced, only if nobody did yet: a second run, or two at once, alert once. */
export function trialAlertMark(day: string, orgId: string, alertedAt: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: billingKeys.trialEnd(day, orgId),
      ...updateExpression({ set: { alertedAt } }, { expression: 'attribute_exists(PK) AND attribute_not_exists(alertedAt)' }),
    },
  };
}

const trialEndDelete = (day: string, orgId: string): TransactItem => ({
  Delete: { TableName: TABLE_NAME, Key: billingKeys.trialEnd(day, orgId) },
});

/** Every UTC day from `from` to `to`, both included, as 'YYYY-MM-DD'. */
function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (
    let at = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    at <= to.getTime();
    at += 24 * 60 * 60 * 1000
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Trials ending after `from` and at most at `to`, not announced yet: one Query per day of the
 * range (its own small partition), whatever the number of organizations.
 */
export async function trialsEndingBetween(from: Date, to: Date): Promise<TrialEndItem[]> {
  const pages = await Promise.all(
    daysBetween(from, to).map((day) =>
      queryCollection<TrialEndItem>(billingCollections.trialsEndingOn(day), {
        filter: { expression: 'attribute_not_exists(alertedAt)', values: {} },
        consistentRead: true,
      }),
    ),
  );
  const [after, upTo] = [from.toISOString(), to.toISOString()];
  return pages.flat().filter((item) => item.trialEnd > after && item.trialEnd <= upTo);
}
