import { scimRequestsPerMinuteOf } from '../functions/capacity/organization-shares';
import {
  PEAK_TO_AVERAGE,
  REQUESTS_PER_USER_HOUR,
  REQUESTS_PER_USER_HOUR_BY_ROUTE,
  SIGN_IN_PEAK_TO_AVERAGE,
} from '../functions/capacity/request-model';

/**
 * Prod's limits derived from the request model (functions/capacity/request-model.ts, docs/scale.md
 * "Limits from the model"): one table that infra/stages.ts takes prod's throttles and WAF from, and that
 * lists the account quotas to request before launch. test/infra/limits-model.test.ts fails when a
 * limit falls below the traffic it must carry.
 */

/** The active users (one open tab each) one prod stage is sized for. */
export const TARGET_ACTIVE_USERS = 100_000;

/**
 * Organizations whose identity providers provision at once at full pace (a first import, a reorganization):
 * the target's 2,000 organizations of 50 active members, of which the enterprise few use SCIM and rarely together.
 */
const SCIM_SYNCS_AT_ONCE = 20;

/** Average seconds a request holds its function (in-region DynamoDB, 1 GB arm64) and a sign-in's (bcrypt). */
const REQUEST_SECONDS = 0.03;
const SIGN_IN_SECONDS = 0.15;

/** Units per active user-hour, docs/scale.md ("DynamoDB: capacity units per request", "Writes per change"). */
const READ_UNITS_PER_USER_HOUR = 1_834;
const WRITE_UNITS_PER_USER_HOUR = 1_364;

/**
 * WAF: a person's requests in 5 minutes at peak, times this, is what one session may send before it is
 * blocked: several tabs and a quick hand stay far below it, a script with a session does not.
 */
const SESSION_HEADROOM = 10;
/** WAF: the people one address may carry (an office or a corporate proxy) at peak before it is blocked as a whole. */
export const PEOPLE_PER_ADDRESS = 1_000;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;
const perSecond = (perUserHour: number) => (TARGET_ACTIVE_USERS * perUserHour) / 3600;
const per5Minutes = (perHour: number) => perHour / 12;

/** The modelled peak requests per second of a route, for the target. */
export const peakRoutePerSecond = (perUserHour: number) => perSecond(perUserHour) * PEAK_TO_AVERAGE;
const signInPeakPerSecond = perSecond(REQUESTS_PER_USER_HOUR_BY_ROUTE['POST /api/login']) * SIGN_IN_PEAK_TO_AVERAGE;
const allRoutesPeakPerSecond = peakRoutePerSecond(REQUESTS_PER_USER_HOUR);
const hottestRoutePerUserHour = Math.max(...Object.values(REQUESTS_PER_USER_HOUR_BY_ROUTE));

export const PROD_LIMITS = {
  /** API Gateway: every route's limit (the hottest, the unread-count poll, sets it); burst twice the rate. */
  routeDefault: {
    rateLimit: roundUp(peakRoutePerSecond(hottestRoutePerUserHour), 1_000),
    burstLimit: 2 * roundUp(peakRoutePerSecond(hottestRoutePerUserHour), 1_000),
  },
  /** API Gateway: the public write routes (sign-in, registration, mail links), sized for the morning's sign-ins. */
  publicWrites: { rateLimit: roundUp(signInPeakPerSecond, 100), burstLimit: 2 * roundUp(signInPeakPerSecond, 100) },
  /** API Gateway: SCIM's writes, for SCIM_SYNCS_AT_ONCE enterprise organizations provisioning at their budget's pace. */
  scimWrites: {
    rateLimit: roundUp((SCIM_SYNCS_AT_ONCE * scimRequestsPerMinuteOf('enterprise')) / 60, 100),
    burstLimit: 2 * roundUp((SCIM_SYNCS_AT_ONCE * scimRequestsPerMinuteOf('enterprise')) / 60, 100),
  },
  waf: {
    /** Requests to /api/* per (address, session cookie) in 5 minutes. */
    perSessionPer5Minutes: roundUp(per5Minutes(REQUESTS_PER_USER_HOUR) * PEAK_TO_AVERAGE * SESSION_HEADROOM, 100),
    /** Requests to /api/* per address in 5 minutes, whatever the session: the office's ceiling. */
    perAddressPer5Minutes: roundUp(per5Minutes(REQUESTS_PER_USER_HOUR) * PEAK_TO_AVERAGE * PEOPLE_PER_ADDRESS, 1_000),
  },
  /** Account and table quotas to request in Service Quotas before launch (defaults in docs/scale.md). */
  quotas: {
    apiGatewayRequestsPerSecond: roundUp(allRoutesPeakPerSecond, 1_000),
    /** Concurrency at peak, doubled for cold starts and a slow dependency's tail. */
    lambdaConcurrentExecutions: roundUp(
      2 * (allRoutesPeakPerSecond * REQUEST_SECONDS + signInPeakPerSecond * SIGN_IN_SECONDS),
      1_000,
    ),
    dynamoDbTableReadUnitsPerSecond: roundUp(peakRoutePerSecond(READ_UNITS_PER_USER_HOUR), 10_000),
    dynamoDbTableWriteUnitsPerSecond: roundUp(peakRoutePerSecond(WRITE_UNITS_PER_USER_HOUR), 10_000),
  },
} as const;

/** The defaults AWS gives a new account (docs/scale.md's sources 3, 5 and 6). */
export const DEFAULT_QUOTAS = {
  apiGatewayRequestsPerSecond: 10_000,
  lambdaConcurrentExecutions: 1_000,
  dynamoDbTableReadUnitsPerSecond: 40_000,
  dynamoDbTableWriteUnitsPerSecond: 40_000,
} as const satisfies Record<keyof typeof PROD_LIMITS.quotas, number>;
