import { countAttempt, readThrottle, retryAfterSeconds, throttleCounter } from './throttles';
import { tooManyRequests } from '../http/http-error';
import { INVITATION_LINKS_PER_ADDRESS, TOO_MANY_INVITATION_REQUESTS } from './rules';

/**
 * Counts a request of the public invitation routes from this client address before any other work
 * (the count includes this one), and refuses it with 429 beyond INVITATION_LINKS_PER_ADDRESS.
 */
export async function countInvitationLinkRequest(clientIp: string) {
  const counter = throttleCounter(INVITATION_LINKS_PER_ADDRESS, clientIp);
  const [current, { previous }] = await Promise.all([countAttempt(counter), readThrottle(counter)]);
  const retryAfter = retryAfterSeconds(counter, { current: current - 1, previous });
  if (retryAfter !== undefined) throw tooManyRequests(TOO_MANY_INVITATION_REQUESTS, retryAfter);
}
