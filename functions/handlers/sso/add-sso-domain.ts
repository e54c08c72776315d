import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { addSsoDomain } from '../../sso/domains';
import { toSsoDomainResponse } from '../../sso/item';

/** POST /api/organization/sso/domains (admins, stepped up): the domain, unverified, and the TXT record that will prove it. */
export const handler = defineRoute(ssoEndpoints.addDomain, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  return created(toSsoDomainResponse(await addSsoDomain(writeContext(session.user, request), body.domain)));
});
