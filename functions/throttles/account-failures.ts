import { type ThrottleCounter, readThrottle, retryAfterSeconds, throttleCounter } from './throttles';
import { tooManyRequests } from '../http/http-error';
import { FAILED_PASSWORDS_PER_ACCOUNT } from './rules';

/**
 * The account's failed-proof counter (wrong passwords and wrong two-factor codes count alike),
 * read before a proof is checked: while it is at its limit the proof is not even tried (429).
 * Answers the counter, to count a failure on.
 */
export async function accountFailuresUnlessLocked(username: string, message: string): Promise<ThrottleCounter> {
  const counter = throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, username);
  const retryAfter = retryAfterSeconds(counter, await readThrottle(counter));
  if (retryAfter !== undefined) throw tooManyRequests(message, retryAfter);
  return counter;
}
