import { verify } from 'otplib';
import { now } from '../clock';

/** A code of the step before or after the current one is accepted too: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;

/**
 * The time step a code matched (SHA-1, 6 digits, 30 s, RFC 6238), or undefined. A step at or before
 * `afterTimeStep` (the last one this user used) never matches: a code works once. Time is the
 * functions' clock (functions/clock.ts), so tests compute codes for the same instant.
 */
export async function verifyTotp(secret: string, code: string, afterTimeStep?: number): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now().getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
