import { requestsPerMinuteOf, scimRequestsPerMinuteOf } from '../capacity/organization-shares';
import { runUncounted } from '../db/call-counter';
import { logger } from '../observability/logger';
import type { ThrottleRule } from './rules';
import { countAttemptsOf, readThrottle, recentAttempts, retryAfterSeconds, throttleCounter } from './throttles';

const MINUTE = 60 * 1000;

/**
 * A warm function tells the organization's shared counter what it served at most this often: so
 * the counter takes one write per warm function and second, never one per request, and no
 * organization's counter becomes a hot item (docs/decisions/051).
 */
export const BUDGET_SYNC_MS = 1000;

/** An organization's requests per minute under its plan's share, counted like the sliding throttles. */
const organizationRequests = (plan: string): ThrottleRule<'sliding'> => ({
  name: 'ORG-REQUESTS',
  limit: requestsPerMinuteOf(plan),
  windowMs: MINUTE,
  window: 'sliding',
});

/**
 * Its identity provider's SCIM requests per minute, a budget of their own: a bulk import cannot
 * use up the members' share, nor a busy morning hold back provisioning.
 */
const scimRequests = (plan: string): ThrottleRule<'sliding'> => ({
  name: 'ORG-SCIM-REQUESTS',
  limit: scimRequestsPerMinuteOf(plan),
  windowMs: MINUTE,
  window: 'sliding',
});

/** What this warm function knows of one organization's current window. */
interface Tally {
  windowStart: number;
  /** The window's count as the shared counter last answered (every function's requests synced so far). */
  shared: number;
  /** Requests this function served since it last synced. */
  unsynced: number;
  /** The previous window's count: undefined until read (it no longer changes, so once is enough). */
  previous: number | undefined;
  syncedAt: number;
}

const tallies = new Map<string, Tally>();
/** Enough organizations for any warm function; past it, windows that can no longer count are dropped. */
const TALLIES_KEPT = 1000;

/**
 * Allowed: with what is left of the window as this function knows it (at least 0) and the seconds
 * until the window ends, for the RateLimit header (functions/api-keys/rate-limit.ts). Refused: the seconds to wait.
 */
export type BudgetAnswer = { allowed: true; remaining: number; resetSeconds: number } | { allowed: false; retryAfter: number };

/**
 * Spends one request of the organization's budget: answers from this function's estimate (the
 * shared count last synced plus what it served since), synced with the shared counter first when
 * the last sync is BUDGET_SYNC_MS old. A refused request is not counted. When the counter cannot be reached the
 * request passes: the budget shares capacity fairly, it is not what keeps anyone out.
 */
export const spendOrganizationBudget = (orgId: string, plan: string) => spendBudget(organizationRequests(plan), orgId);

/** The same for the organization's SCIM requests, from their own budget. */
export const spendScimBudget = (orgId: string, plan: string) => spendBudget(scimRequests(plan), orgId);

/** Spends one request of a subject's budget under a sliding rule: the organizations' and the API keys' (functions/api-keys/rate-limit.ts). */
export async function spendBudget(rule: ThrottleRule<'sliding'>, orgId: string): Promise<BudgetAnswer> {
  const counter = throttleCounter(rule, orgId);
  const tally = tallyOf(`${rule.name}#${orgId}`, counter.windowStart);
  // Synced before deciding: a function's first request of an organization already knows what the others served.
  if (counter.now - tally.syncedAt >= BUDGET_SYNC_MS) await runUncounted(() => sync(counter, tally));
  let retryAfter = retryAfterSeconds(counter, { current: tally.shared + tally.unsynced, previous: tally.previous ?? 0 });
  if (retryAfter !== undefined && tally.unsynced > 0) {
    // At the limit, what this function served goes to the shared counter at once: the other functions
    // then refuse this organization from their next sync, not a second later.
    await runUncounted(() => sync(counter, tally));
    retryAfter = retryAfterSeconds(counter, { current: tally.shared + tally.unsynced, previous: tally.previous ?? 0 });
  }
  if (retryAfter !== undefined) return { allowed: false, retryAfter };
  tally.unsynced += 1;
  const used = recentAttempts(counter, { current: tally.shared + tally.unsynced, previous: tally.previous ?? 0 });
  return {
    allowed: true,
    remaining: Math.max(0, Math.floor(rule.limit - used)),
    resetSeconds: Math.max(1, Math.ceil((counter.windowStart + rule.windowMs - counter.now) / 1000)),
  };
}

function tallyOf(budget: string, windowStart: number): Tally {
  const known = tallies.get(budget);
  if (known?.windowStart === windowStart) return known;
  if (tallies.size >= TALLIES_KEPT)
    for (const [id, tally] of tallies) if (tally.windowStart < windowStart - MINUTE) tallies.delete(id);
  const tally: Tally = { windowStart, shared: 0, unsynced: 0, previous: undefined, syncedAt: 0 };
  tallies.set(budget, tally);
  return tally;
}

async function sync(counter: ReturnType<typeof throttleCounter>, tally: Tally) {
  const sent = tally.unsynced;
  tally.syncedAt = counter.now;
  try {
    const [shared, previous] = await Promise.all([
      countAttemptsOf(counter, sent),
      tally.previous === undefined ? readThrottle(counter).then((counts) => counts.previous) : tally.previous,
    ]);
    tally.unsynced -= sent;
    tally.shared = Math.max(tally.shared, shared);
    tally.previous = previous;
  } catch (error) {
    // Kept unsynced: the next sync sends them.
    logger.warn('organization budget not synced', { error });
  }
}
