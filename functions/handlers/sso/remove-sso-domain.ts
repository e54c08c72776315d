import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { removeSsoDomain } from '../../sso/domains';
import { toSsoDomainResponse } from '../../sso/item';
import { ssoKeys } from '../../sso/keys';

/** DELETE /api/organization/sso/domains/{domain} (admins, stepped up): gone, and, if verified, free for another organization to verify. */
export const handler = defineRoute(
  ssoEndpoints.removeDomain,
  { preload: ({ orgId, params }) => ssoKeys.ssoDomain(orgId, params.domain!) },
  async (request) => {
    const { session } = request;
    requireAdmin(session);
    return ok(toSsoDomainResponse(await removeSsoDomain(writeContext(session.user, request), request.preloaded)));
  },
);
