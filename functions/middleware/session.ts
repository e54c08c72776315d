import type { MiddlewareObj } from '@middy/core';
import type { ApiKeyScope } from '../../shared/api-key-scopes';
import { MFA_REQUIRED_BY_ORGANIZATION } from '../../shared/messages';
import { apiKeyActor, authenticateApiKey } from '../api-keys/authenticate';
import { type ApiKeyItem, type ParsedApiKey, presentedApiKey } from '../api-keys/item';
import { TOO_MANY_API_KEY_REQUESTS, spendApiKeyRequest } from '../api-keys/rate-limit';
import { useTenantCredentials } from '../db/client';
import { enterTenant } from '../db/tenant-guard';
import type { Preload } from '../http/define-route';
import { HttpError, forbidden, stepUpRequired, tooManyRequests, unauthorized } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';
import { readSessionCookie } from '../security/cookie';
import { verifySessionToken } from '../security/token';
import type { SessionItem } from '../sessions/item';
import { loadSession } from '../sessions/reads';
import { isSteppedUp } from '../sessions/rules';
import { mustSetUpMfa } from '../user/item';

/** What the endpoint's contract asks of the session besides its existence (shared/contract/endpoint.ts). */
export interface SessionRules {
  /** Open to a member who must still set up two-factor (Endpoint.beforeMfaSetup). */
  beforeMfaSetup?: boolean;
  /** A security change: the session must have stepped up lately (Endpoint.stepUp). */
  stepUp?: boolean;
  /** A background read that does not count as a use (Endpoint.passive). */
  passive?: boolean;
  /** The scope an API key needs to call the route (Endpoint.apiKeyScope); no key reaches a route without one. */
  apiKeyScope?: ApiKeyScope;
}

export const API_KEY_REFUSED =
  'The API key is unknown, expired or revoked, or its creator is no longer an admin of the organization.';
export const API_KEY_ROUTE_REFUSED = 'An API key cannot call this route.';
export const apiKeyScopeMissing = (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`;

/**
 * Loads the session named by the signed cookie (never a header, query or body token) with its
 * user and organization in one round trip. Required: no valid session is 401; while the
 * organization requires two-factor sign-in, a member who has not set it up gets 403 from every
 * route but those open before setup (Endpoint.beforeMfaSetup); and a security change (Endpoint.stepUp)
 * without a recent step-up is 403 STEP_UP_REQUIRED: the one place these rules live.
 */
export function sessionLoader(
  required: boolean,
  preload?: Preload,
  rules: SessionRules = {},
  /** The request's body once the endpoint's schema accepts it, for the preload. */
  bodyOf: (event: RouteEvent) => unknown = () => undefined,
): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: async ({ event }) => {
      const token = readSessionCookie(event.cookies);
      // A browser's cookie decides when there is one; without it, a route that needs a caller may be called with an API key.
      const apiKey = !token && required ? presentedApiKey(event.headers?.authorization) : undefined;
      if (apiKey) return loadApiKeyCaller(event, apiKey, rules, preload, bodyOf);
      const claims = token ? await verifySessionToken(token) : undefined;
      // An admin route's calls go through the tenant role of the signed claims' organization, the session's load included (docs/decisions/111).
      if (claims && required) useTenantCredentials(claims.orgId);
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      const withPreload = preload && ((orgId: string) => preload({ orgId, params, body: bodyOf(event) }));
      event.session = claims ? await loadSession(claims, withPreload, { touch: !rules.passive }) : undefined;
      // A route open without a session (sign-in) may meet an old session of another organization: it reaches keys of its own.
      if (event.session && required) enterTenant(event.session.org.id, event.session.user.id);
      if (!required) return;
      if (!event.session) throw unauthorized();
      if (!rules.beforeMfaSetup && mustSetUpMfa(event.session.user, event.session.org, event.session.session))
        throw forbidden(MFA_REQUIRED_BY_ORGANIZATION);
      if (rules.stepUp && !isSteppedUp(event.session.session)) throw stepUpRequired();
    },
  };
}

/**
 * A request with `Authorization: Bearer gw_live_…` and no session cookie: the key decides the
 * organization (never the request), whose partitions alone the request may reach; every answer
 * carries its RateLimit headers; an unknown, expired or revoked key is 401, a route its scopes do
 * not name 403, past its own limit 429. The handler then sees the key as the caller
 * ('API key: <name>', a member's rights), and the organization's budget counts it as a person's.
 */
async function loadApiKeyCaller(
  event: RouteEvent,
  presented: ParsedApiKey,
  rules: SessionRules,
  preload: Preload | undefined,
  bodyOf: (event: RouteEvent) => unknown,
) {
  useTenantCredentials(presented.orgId);
  const params = (event.pathParameters ?? {}) as Record<string, string>;
  const withPreload = preload && ((orgId: string) => preload({ orgId, params, body: bodyOf(event) }));
  const authenticated = await authenticateApiKey(presented, withPreload);
  if (!authenticated) throw new HttpError(401, API_KEY_REFUSED);
  const { item, org, preloadedAll } = authenticated;
  enterTenant(org.id, item.id);
  const spent = await spendApiKeyRequest(item.id);
  event.answerHeaders = { ...event.answerHeaders, ...spent.headers };
  if (spent.retryAfter !== undefined) throw tooManyRequests(TOO_MANY_API_KEY_REQUESTS, spent.retryAfter);
  if (!rules.apiKeyScope) throw forbidden(API_KEY_ROUTE_REFUSED);
  if (!item.scopes.includes(rules.apiKeyScope)) throw forbidden(apiKeyScopeMissing(rules.apiKeyScope));
  event.session = { session: apiKeySession(item), user: apiKeyActor(item), org, preloadedAll, apiKey: item };
}

/** The key's request in the shape a signed-in session has, for the rules that read one; never stored. */
function apiKeySession(item: ApiKeyItem): SessionItem {
  const expiresAt = item.expiresAt ? Date.parse(item.expiresAt) : Number.MAX_SAFE_INTEGER;
  return {
    type: 'SESSION',
    id: `api-key:${item.id}`,
    userId: item.id,
    orgId: item.orgId,
    expiresAt,
    ttl: 0,
    createdAt: item.createdAt,
  };
}
