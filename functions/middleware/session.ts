import type { MiddlewareObj } from '@middy/core';
import { MFA_REQUIRED_BY_ORGANIZATION } from '../../shared/messages';
import { loadSession } from '../sessions/sessions';
import { forbidden, unauthorized } from '../http/http-error';
import type { Preload } from '../http/define-route';
import type { LambdaResult, RouteEvent } from '../http/types';
import { readSessionCookie } from '../security/cookie';
import { verifySessionToken } from '../security/token';
import { mustSetUpMfa } from '../user/item';

/**
 * Loads the session named by the signed cookie (never a header, query or body token) with its
 * user and organization in one round trip. Required: no valid session is 401; and while the
 * organization requires two-factor sign-in, a member who has not set it up gets 403 from every
 * route but those open before setup (Endpoint.beforeMfaSetup): the one place that rule lives.
 */
export function sessionLoader(
  required: boolean,
  preload?: Preload,
  beforeMfaSetup = false,
  /** The request's body once the endpoint's schema accepts it, for the preload. */
  bodyOf: (event: RouteEvent) => unknown = () => undefined,
): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: async ({ event }) => {
      const token = readSessionCookie(event.cookies);
      const claims = token ? await verifySessionToken(token) : undefined;
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      event.session = claims ? await loadSession(claims, preload && ((orgId) => preload({ orgId, params, body: bodyOf(event) }))) : undefined;
      if (required && !event.session) throw unauthorized();
      if (required && !beforeMfaSetup && event.session && mustSetUpMfa(event.session.user, event.session.org)) throw forbidden(MFA_REQUIRED_BY_ORGANIZATION);
    },
  };
}
