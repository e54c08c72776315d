import { inLambda, isLocalStage } from './config';

/**
 * The test settings: four switches that the test suites' local clouds, the bench and `npm start` set,
 * and no stack does. They live here, apart from the configuration (config.ts), so that no clock,
 * response or security module reads a test setting itself: each asks for its value here, and outside
 * the local stage that value is the production one. What each does where it does not belong is
 * today's rule, unchanged:
 * - GROWTHWISE_CLOCK_OFFSET_MS is never read in Lambda: no setting can move production time;
 * - PASSWORD_HASH_COST and FAILED_PASSWORD_DELAY_PERCENT below their production value are refused
 *   (thrown) in any stage but the local one (refuseOutsideLocalStage);
 * - EXPOSE_DB_CALLS is ignored in any stage but the local one: the bench and the tests read the x-db-*
 *   headers of a local cloud, and no stack's answers tell a caller how the table is read.
 */
export const LOCAL_STAGE_SWITCHES = [
  'GROWTHWISE_CLOCK_OFFSET_MS',
  'EXPOSE_DB_CALLS',
  'PASSWORD_HASH_COST',
  'FAILED_PASSWORD_DELAY_PERCENT',
] as const;

type LocalStageSwitch = (typeof LOCAL_STAGE_SWITCHES)[number];

const read = (name: LocalStageSwitch): string | undefined => process.env[name];

/** The one refusal of a test setting outside the local stage. */
function refuseOutsideLocalStage(what: string): void {
  if (!isLocalStage()) throw new Error(`${what} is for the local stage only`);
}

/** A whole-number switch from `min` to `max`; below its production value only in the local stage. */
function integerSwitch(name: LocalStageSwitch, production: number, min: number, max: number): number {
  const given = read(name);
  if (!given) return production;
  const value = Number(given);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, not '${given}'`);
  if (value < production) refuseOutsideLocalStage(`${name} below ${production}`);
  return value;
}

/**
 * How far the functions' clock runs from the real time (functions/clock.ts): a test host shifts it so
 * that 'today', overdue and due-soon are tested on a known date. 0 in Lambda.
 */
export function clockOffsetMs(): number {
  if (inLambda()) return 0;
  const given = read('GROWTHWISE_CLOCK_OFFSET_MS');
  const value = Number(given ?? 0);
  if (!Number.isFinite(value)) throw new Error(`GROWTHWISE_CLOCK_OFFSET_MS is not a number: ${given}`);
  return value;
}

/** Whether each answer carries the request's DynamoDB calls and units as x-db-* headers (the call budgets, the bench). */
export const dbCallsExposed = (): boolean => isLocalStage() && read('EXPOSE_DB_CALLS') === '1';

/** bcrypt's cost in every cloud stage, and the least any stage but the local one may use. */
export const CLOUD_PASSWORD_HASH_COST = 10;

/**
 * The cost of new password hashes (functions/security/passwords.ts). The test suites' local clouds set
 * bcrypt's least (4): bcryptjs is JavaScript on the emulator's one thread, and at cost 10 it was a
 * fifth of the integration suite's main-process CPU.
 */
export const passwordHashCost = (): number => integerSwitch('PASSWORD_HASH_COST', CLOUD_PASSWORD_HASH_COST, 4, 31);

/**
 * The share of each failed-password delay actually waited, in percent (functions/throttles/failed-password-delay.ts).
 * The test suites' local clouds set it low: their sign-in tests fail an account past half its limit again and
 * again, and at full length the waits were most of those files' time (no-lockout's nine tests about
 * 6 s each, the core idle; docs/decisions/090).
 */
export const failedPasswordDelayPercent = (): number => integerSwitch('FAILED_PASSWORD_DELAY_PERCENT', 100, 1, 100);
