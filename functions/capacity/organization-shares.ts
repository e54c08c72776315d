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
