import type { Endpoint } from '../../shared/contract/endpoint';
import { isId } from '../../shared/ids';
import { scimSystemIn } from '../audit-log/entries';
import { enterTenant } from '../db/tenant-guard';
import { Refused } from '../domain/errors';
import { organizationBudgetRefusal } from '../middleware/organization-budget';
import { ScimError, asScimError, scimErrorBody } from '../scim/scim-error';
import type { ScimRequest } from '../scim/scim-request';
import { authenticateScimToken, tokenAuthority } from '../scim-tokens/tokens';
import { TOO_MANY_ORGANIZATION_REQUESTS } from '../throttles/rules';
import { auditClient } from './audit-client';
import { defineRoute } from './define-route';
import type { RouteResult } from './response';
import { siteOrigin } from './site-origin';

export const SCIM_CONTENT_TYPE = 'application/scim+json';

export interface ScimAnswer {
  status: 200 | 201 | 204;
  body?: unknown;
  location?: string;
}

/** The path ids a route's resources have, and its answer for any other (RFC 7644 §3.12: 404). */
export interface ScimIds {
  isOurs: (value: string) => boolean;
  notFound: () => ScimError;
}

const USER_IDS: ScimIds = { isOurs: isId, notFound: () => new ScimError(404, 'No user with this id in the organization') };

/** Where the SCIM endpoints are, under the stage's own origin (shared/contract/scim.ts). */
const SCIM_BASE_PATH = '/api/scim/v2';

const TOKEN_REFUSED =
  'The bearer token is missing, revoked, not one of this service, or its creator is no longer an admin of the organization.';

/**
 * The one way a SCIM route is written: the bearer token decides the organization (never the request),
 * whose partitions alone the request may reach and whose SCIM request budget it spends,
 * a path id is one of ours or 404, the body is JSON (`application/scim+json` or `application/json`),
 * and every answer and refusal is in SCIM's shapes (RFC 7644 §3.12), as `application/scim+json`.
 */
export function scimRoute<E extends Endpoint & { rawBody: true; auth: 'none'; idempotent?: undefined }>(
  endpoint: E,
  handle: (request: ScimRequest) => Promise<ScimAnswer>,
  ids: ScimIds = USER_IDS,
) {
  return defineRoute(endpoint, async (request) => {
    try {
      const authenticated = await authenticateScimToken(request.event.headers?.authorization);
      if (!authenticated) throw new ScimError(401, TOKEN_REFUSED);
      const { token } = authenticated;
      // The token named the organization: from here on the request reaches only its partitions
      // (docs/decisions/052) and spends its SCIM requests per minute, a budget apart from its members' (docs/decisions/051).
      enterTenant(token.orgId);
      const refusal = await organizationBudgetRefusal(token.orgId, authenticated.plan, 'scim');
      if (refusal)
        return scimResult(429, scimErrorBody(new ScimError(429, TOO_MANY_ORGANIZATION_REQUESTS)), {
          'retry-after': String(refusal.retryAfter),
        });
      for (const value of Object.values(request.params as Record<string, string>)) if (!ids.isOurs(value)) throw ids.notFound();
      const baseUrl = `${siteOrigin()}${SCIM_BASE_PATH}`;
      const answer = await handle({
        token,
        orgId: token.orgId,
        baseUrl,
        usersUrl: `${baseUrl}/Users`,
        context: { actor: scimSystemIn(token.orgId), client: auditClient(request) },
        authority: tokenAuthority(token, () => new Refused('signed-out', TOKEN_REFUSED)),
        body: parseBody(request.rawBody ?? '', request.event.headers?.['content-type']),
        params: request.params as Record<string, string>,
        query: request.event.queryStringParameters ?? {},
      });
      return scimResult(answer.status, answer.body, answer.location ? { location: answer.location } : undefined);
    } catch (error) {
      const refusal = asScimError(error);
      if (!refusal) throw error;
      return scimResult(refusal.status, scimErrorBody(refusal));
    }
  });
}

/** The body's size was checked by the raw-body middleware (413). */
function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== SCIM_CONTENT_TYPE && type !== 'application/json')
    throw new ScimError(415, `Content-Type must be ${SCIM_CONTENT_TYPE}`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new ScimError(400, 'The body is not valid JSON', 'invalidSyntax');
  }
}

function scimResult(statusCode: number, body: unknown, headers?: Record<string, string>): RouteResult<never> {
  if (body === undefined) return { statusCode, ...(headers ? { headers } : {}) };
  return { statusCode, text: { contentType: SCIM_CONTENT_TYPE, data: JSON.stringify(body) }, ...(headers ? { headers } : {}) };
}
