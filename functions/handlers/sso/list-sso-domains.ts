import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { listSsoDomains } from '../../sso/domains';
import { toSsoDomainResponse } from '../../sso/item';

/** GET /api/organization/sso/domains (admins): every domain of the organization, verified or not. */
export const handler = defineRoute(ssoEndpoints.listDomains, async ({ session }) => {
  requireAdmin(session);
  return ok((await listSsoDomains(session.org.id)).map(toSsoDomainResponse));
});
