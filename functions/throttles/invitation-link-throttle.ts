import { tooManyRequests } from '../http/http-error';
import { hashToken } from '../security/mail-tokens';
import {
  INVITATION_LINKS_PER_ADDRESS,
  INVITATION_LINK_USES_PER_TOKEN,
  TOO_MANY_INVITATION_LINK_USES,
  TOO_MANY_INVITATION_REQUESTS,
} from './rules';
import { countAttempt, readThrottle, retryAfterSeconds, throttleCounter } from './throttles';

/**
 * Counts a request of the public invitation routes before any other work, per client address
 * (loosely: an office takes in many invitees) and per link (its token's hash, never the token), and
 * refuses it with 429 beyond either limit (the counts include this request).
 */
export async function countInvitationLinkRequest(clientIp: string, token: string) {
  const limits: [ReturnType<typeof throttleCounter>, string][] = [
    [throttleCounter(INVITATION_LINKS_PER_ADDRESS, clientIp), TOO_MANY_INVITATION_REQUESTS],
    [throttleCounter(INVITATION_LINK_USES_PER_TOKEN, hashToken(token)), TOO_MANY_INVITATION_LINK_USES],
  ];
  const counts = await Promise.all(
    limits.map(async ([counter]) => {
      const [current, { previous }] = await Promise.all([countAttempt(counter), readThrottle(counter)]);
      return retryAfterSeconds(counter, { current: current - 1, previous });
    }),
  );
  const refused = counts.findIndex((retryAfter) => retryAfter !== undefined);
  if (refused >= 0) throw tooManyRequests(limits[refused]![1], counts[refused]!);
}
