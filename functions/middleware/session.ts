import type { MiddlewareObj } from '@middy/core';
import { MFA_REQUIRED_BY_ORGANIZATION } from '../../shared/messages';
import { useTenantCredentials } from '../db/client';
import { enterTenant } from '../db/tenant-guard';
import type { Preload } from '../http/define-route';
import { forbidden, stepUpRequired, unauthorized } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';
import { readSessionCookie } from '../security/cookie';
import { verifySessionToken } from '../security/token';
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
}

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
