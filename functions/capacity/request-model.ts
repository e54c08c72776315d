import { UNREAD_COUNT_POLL_MS } from '../../shared/limits';

/**
 * The request model of docs/scale.md ("The unit: an active user-hour"): what one active user (one tab
 * open, the bench's mix) sends in an hour. Every limit of the stage (infra/capacity-model.ts) and every
 * organization's share (functions/capacity/organization-shares.ts) is derived from it, so a limit can
 * never be set below the traffic it must carry without a test noticing.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Per route, the requests of one active user-hour (docs/scale.md's table). */
export const REQUESTS_PER_USER_HOUR_BY_ROUTE = {
  'GET /api/notifications/unread/count': HOUR_MS / UNREAD_COUNT_POLL_MS,
  'GET /api/projects': 40,
  'GET /api/projects/{id}': 40,
  'PATCH /api/projects/{id}': 40,
  'POST /api/login': 2,
} as const;

/** All requests of an active user-hour, as the bench measured its mix (243; the table adds up to 242). */
export const REQUESTS_PER_USER_HOUR = 243;

/**
 * The busiest minute of a working hour over the hour's average: people arrive, open the app and
 * leave for lunch together. Twice the average is what the bench's ramp and a day's CloudWatch curve of
 * a comparable B2B app show; the limits are sized for it.
 */
export const PEAK_TO_AVERAGE = 2;

/** Sign-ins bunch far more than the rest: most of a day's arrive in the first quarter hour of the morning. */
export const SIGN_IN_PEAK_TO_AVERAGE = 10;
