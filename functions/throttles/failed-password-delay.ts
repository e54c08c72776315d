import { setTimeout as sleep } from 'node:timers/promises';
import { failedPasswordDelayPercent } from '../local-stage';
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
 * Slows an attempt on an account that has been failing ('slowed, then refused'; docs/decisions/022b).
 * Logged with the request's correlation id (never the email) and the policy's delay, so a test reads
 * the delay instead of timing it. Only the local stage may wait a share of it (local-stage.ts).
 */
export async function slowAfterFailures(failures: number, correlationId: string): Promise<void> {
  const delayMs = failedPasswordDelayMs(failures);
  if (delayMs === 0) return;
  logger.info('password attempt slowed', { delayMs, correlationId });
  await sleep((delayMs * failedPasswordDelayPercent()) / 100);
}
