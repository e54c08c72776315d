import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { verifySsoDomain } from '../../sso/domains';
import { toSsoDomainResponse } from '../../sso/item';
import { ssoKeys } from '../../sso/keys';

/** POST /api/organization/sso/domains/{domain}/verify (admins): looks its TXT record up; verified, or 400 saying what was found. */
export const handler = defineRoute(
  ssoEndpoints.verifyDomain,
  { preload: ({ orgId, params }) => ssoKeys.ssoDomain(orgId, params.domain!) },
  async (request) => {
    const { session } = request;
    requireAdmin(session);
    return ok(toSsoDomainResponse(await verifySsoDomain(writeContext(session.user, request), request.preloaded)));
  },
);
