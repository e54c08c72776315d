import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../observability/logger';
import { FAILED_PASSWORDS_PER_ACCOUNT } from './rules';

/** From this many recent failures of an account, each further attempt waits before its password is checked. */
export const SLOW_FROM_FAILURES = FAILED_PASSWORDS_PER_ACCOUNT.limit / 2;
const FIRST_DELAY_MS = 250;
/** Past this an attacker only ties up a function; the refusal at the limit takes over. */
export const MAX_DELAY_MS = 2000;

/**
 * The wait before checking a password of an account with `failures` recent failed proofs: none
 * below half the limit, then doubling per failure up to the cap (250, 500, 1000, 2000, 2000 ms).
 * It depends only on the counter kept for the email, so a known and an unknown account are slowed alike.
 */
export function failedPasswordDelayMs(failures: number): number {
  const over = Math.floor(failures) - SLOW_FROM_FAILURES;
  if (over < 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** over);
}

/**
 * The share of each delay actually waited, in percent. The test suites' local clouds set
 * FAILED_PASSWORD_DELAY_PERCENT low: their sign-in tests fail an account past half its limit again and
 * again, and at full length the waits were most of those files' time (no-lockout's nine tests about
 * 6 s each, the core idle). Only the local stage may wait less than the policy's delay (docs/decisions/090).
 */
function waitedPercent(): number {
  const given = process.env.FAILED_PASSWORD_DELAY_PERCENT;
  if (!given) return 100;
  const percent = Number(given);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new Error(`FAILED_PASSWORD_DELAY_PERCENT must be an integer from 1 to 100, not '${given}'`);
  if (percent < 100 && process.env.STAGE !== 'local') throw new Error('FAILED_PASSWORD_DELAY_PERCENT below 100 is for the local stage only');
  return percent;
}

/**
 * Slows an attempt on an account that has been failing ('slowed, then refused'; docs/decisions/022b).
 * Logged with the request's correlation id (never the email) and the policy's delay, so a test reads
 * the delay instead of timing it.
 */
export async function slowAfterFailures(failures: number, correlationId: string): Promise<void> {
  const delayMs = failedPasswordDelayMs(failures);
  if (delayMs === 0) return;
  logger.info('password attempt slowed', { delayMs, correlationId });
  await sleep((delayMs * waitedPercent()) / 100);
}
