import { API_KEY_REQUESTS_PER_MINUTE } from '../../shared/api-key-scopes';
import { spendBudget } from '../throttles/organization-budget';
import type { ThrottleRule } from '../throttles/rules';

/**
 * Each key's own requests per minute, besides its organization's budget that a key's requests spend
 * as a person's do: one runaway integration stops at its own limit before it uses the organization's
 * share. 2 a second on average is well past a CRM's or a spreadsheet's sync (docs/decisions/113).
 */
const WINDOW_SECONDS = 60;

const apiKeyRequests: ThrottleRule<'sliding'> = {
  name: 'API-KEY-REQUESTS',
  limit: API_KEY_REQUESTS_PER_MINUTE,
  windowMs: WINDOW_SECONDS * 1000,
  window: 'sliding',
};

export const TOO_MANY_API_KEY_REQUESTS = `This API key made more than ${API_KEY_REQUESTS_PER_MINUTE} requests in a minute. Wait and try again.`;

/** The policy's name in the RateLimit headers (draft-ietf-httpapi-ratelimit-headers). */
const POLICY = 'api-key';

/**
 * Spends one request of the key's budget. Answers the headers every answer to the key carries,
 * `RateLimit-Policy` (the quota and window) and `RateLimit` (what remains and when the window ends),
 * and when the budget is spent the seconds to wait.
 */
export async function spendApiKeyRequest(keyId: string): Promise<{ headers: Record<string, string>; retryAfter?: number }> {
  const answer = await spendBudget(apiKeyRequests, keyId);
  const policy = `"${POLICY}";q=${API_KEY_REQUESTS_PER_MINUTE};w=${WINDOW_SECONDS}`;
  if (!answer.allowed)
    return {
      headers: { 'ratelimit-policy': policy, ratelimit: `"${POLICY}";r=0;t=${answer.retryAfter}` },
      retryAfter: answer.retryAfter,
    };
  return { headers: { 'ratelimit-policy': policy, ratelimit: `"${POLICY}";r=${answer.remaining};t=${answer.resetSeconds}` } };
}
