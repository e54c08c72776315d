import { tooManyRequests } from '../http/http-error';
import { FAILED_PROOFS_PER_USER } from './rules';
import { clearThrottle, readThrottle, recentAttempts, reserveAttempt, throttleCounter } from './throttles';

/**
 * Reserves one proof attempt of a signed-in (or password-proven) user before the proof is checked
 * (reserve-then-check, so parallel guesses cannot pass the limit): 429 with `message` when none is
 * left. A wrong proof keeps the reservation as its count; a right one clears the user's count (`passed`).
 */
export async function reserveProofAttempt(
  userId: string,
  message: string,
): Promise<{ recentFailures: number; passed: () => Promise<void> }> {
  const counter = throttleCounter(FAILED_PROOFS_PER_USER, userId);
  const counts = await readThrottle(counter);
  const reservation = await reserveAttempt(counter, counts.previous);
  if (!reservation.reserved) throw tooManyRequests(message, reservation.retryAfter);
  return { recentFailures: recentAttempts(counter, counts), passed: () => clearThrottle(counter) };
}
