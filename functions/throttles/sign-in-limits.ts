import type { Key } from '../db/keys';
import { FAILED_PASSWORDS_PER_ACCOUNT, FAILED_PASSWORDS_PER_DEVICE, FAILED_SIGN_INS_PER_ADDRESS } from './rules';
import {
  type ThrottleCounter,
  countAttempt,
  clearThrottle,
  countsIn,
  recentAttempts,
  releaseAttempt,
  reserveAll,
  reserveAttempt,
  retryAfterSeconds,
  throttleCounter,
} from './throttles';

/**
 * The sign-in limits in one place (docs/decisions/040): who may have a password checked directly,
 * and who must add an emailed code. Every direct check first reserves an attempt (reserve-then-check),
 * so parallel guesses cannot pass a limit.
 *
 * - A known device (its cookie names the account) counts its own failures for that account and never
 *   meets the account's or the address's counters: strangers cannot lock the owner's browser out.
 * - Any other browser reserves an attempt of the account (per email, from anywhere) and of the client
 *   address (its /64). When either is used up the password is still checked, but a right one only
 *   earns a mailed code (`emailCode`): a guesser learns nothing, an owner gets in, an office behind
 *   one address is asked for a code rather than refused.
 */
export interface SignInCounters {
  account: ThrottleCounter;
  address: ThrottleCounter;
  /** This browser's counter for the email, when it holds a device cookie. */
  device?: ThrottleCounter;
  /** Every counter's current and previous window, for the route's one BatchGetItem. */
  keys: Key[];
}

export function signInCounters(email: string, clientIp: string, deviceId: string | undefined, now: number): SignInCounters {
  const account = throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, email, now);
  const address = throttleCounter(FAILED_SIGN_INS_PER_ADDRESS, clientIp, now);
  const device = deviceId ? throttleCounter(FAILED_PASSWORDS_PER_DEVICE, `${deviceId}#${email.trim()}`, now) : undefined;
  const keys = [account, address, ...(device ? [device] : [])].flatMap((counter) => [counter.key, counter.previousKey]);
  return { account, address, ...(device ? { device } : {}), keys };
}

/** The password is checked directly; `passed` gives the reservations back once it was right. */
interface PasswordGate {
  gate: 'password';
  /** Recent failures of the counter that decides the slowing (022b). */
  failures: number;
  passed: () => Promise<void>;
}

/**
 * A right password earns an emailed code; `countFailure` counts a wrong one. Plain UpdateItems, in no
 * transaction: a burst of wrong passwords for one account would make its counters the items of many
 * transactions at once, which DynamoDB answers with conflicts (and the owner's own sign-in with them).
 */
interface EmailCodeGate {
  gate: 'email-code';
  countFailure: () => Promise<void>;
}

/** The known device used up its own allowance for the account (429). */
interface RefusedGate {
  gate: 'refused';
  retryAfter: number;
}

export type SignInGate = PasswordGate | EmailCodeGate | RefusedGate;

/**
 * Decides the gate and takes the attempt. `found` holds the items read with `counters.keys`;
 * `knownDevice` says whether this browser's cookie names the account.
 */
export async function signInGate(
  counters: SignInCounters,
  found: Map<string, Record<string, unknown>>,
  knownDevice: boolean,
): Promise<SignInGate> {
  const { account, address, device } = counters;
  const accountCounts = countsIn(account, found);
  if (knownDevice && device) {
    const deviceCounts = countsIn(device, found);
    // Only this browser (its owner, or whoever took it) can use up this allowance.
    const reserved = await reserveAttempt(device, deviceCounts.previous);
    if (!reserved.reserved) return { gate: 'refused', retryAfter: reserved.retryAfter };
    return {
      gate: 'password',
      failures: recentAttempts(device, deviceCounts),
      passed: async () => {
        await clearThrottle(device);
        if (accountCounts.current + accountCounts.previous > 0) await clearThrottle(account);
      },
    };
  }

  const emailCode: EmailCodeGate = {
    gate: 'email-code',
    countFailure: async () => void (await Promise.all([countAttempt(account), countAttempt(address)])),
  };
  const addressCounts = countsIn(address, found);
  if (retryAfterSeconds(account, accountCounts) !== undefined || retryAfterSeconds(address, addressCounts) !== undefined)
    return emailCode;
  // Used up meanwhile by parallel attempts: this one is counted once, as an emailed-code attempt's failure.
  if (!(await reserveAll([account, address], found)).reserved) return emailCode;
  return {
    gate: 'password',
    failures: recentAttempts(account, accountCounts),
    passed: async () => {
      await Promise.all([
        accountCounts.current + accountCounts.previous > 0 ? clearThrottle(account) : releaseAttempt(account),
        releaseAttempt(address),
      ]);
    },
  };
}
