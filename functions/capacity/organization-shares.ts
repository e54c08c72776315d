import { PEAK_TO_AVERAGE, REQUESTS_PER_USER_HOUR } from './request-model';

/**
 * Each plan's share of a stage, as the active members (one open tab each) its organization may have
 * at once: the one table of per-plan limits (docs/decisions/051). Enterprise stops at the
 * organization partition's bound (docs/scale.md, "The hottest keys": ~6,800–7,500 active members);
 * past that a single organization would throttle its own partition before its budget.
 */
export const ACTIVE_MEMBERS_BY_PLAN: Record<string, number> = {
  starter: 25,
  professional: 2_000,
  enterprise: 7_000,
};

/** Registration's plan (spec: always 'professional'), and the share of a plan this table does not name. */
const DEFAULT_PLAN = 'professional';

/** The requests an organization of `plan` may send in a minute: its active members at the model's peak. */
export function requestsPerMinuteOf(plan: string): number {
  const members = ACTIVE_MEMBERS_BY_PLAN[plan] ?? ACTIVE_MEMBERS_BY_PLAN[DEFAULT_PLAN]!;
  return Math.ceil((members * REQUESTS_PER_USER_HOUR * PEAK_TO_AVERAGE) / 60);
}

/**
 * The SCIM requests an organization's identity provider may send in a minute, a budget apart from
 * its members' (issue 62, item 4). Enterprise's carries a full sync of 5,000 people (50 pages of
 * 100) and an import of them in under two minutes; identity providers pace themselves on a 429 and
 * retry, so a larger wave takes longer, never fails.
 */
export const SCIM_REQUESTS_PER_MINUTE_BY_PLAN: Record<string, number> = {
  starter: 300,
  professional: 1_200,
  enterprise: 3_000,
};

export const scimRequestsPerMinuteOf = (plan: string): number =>
  SCIM_REQUESTS_PER_MINUTE_BY_PLAN[plan] ?? SCIM_REQUESTS_PER_MINUTE_BY_PLAN[DEFAULT_PLAN]!;
