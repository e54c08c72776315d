import { organizationEndpoints } from '../../../shared/contract/organization';
import { renameOrganization } from '../../db/organizations';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';
import { requireAdmin } from '../../http/require-admin';

/** PATCH /api/organization/{id}: admins rename their own organization; any other id is 404. */
export const handler = defineRoute(organizationEndpoints.update, async ({ body, session, params }) => {
  requireAdmin(session);
  if (params.id !== session.org.id) throw notFound();
  const org = await renameOrganization(session.org.id, body.name.trim());
  return ok({ id: org.id, name: org.name });
});
