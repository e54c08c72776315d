import { organizationEndpoints } from '../../../shared/contract/organization';
import { renameOrganization } from '../../db/organizations';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** PATCH /api/organization/{id}: admins rename their own organization; any other id is 404. */
export const handler = defineRoute(organizationEndpoints.update, async ({ body, session, params }) => {
  requireAdmin(session);
  if (params.id !== session.org.id) throw new NotFound();
  const org = await renameOrganization(session.org.id, body.name.trim());
  return ok({ id: org.id, name: org.name });
});
