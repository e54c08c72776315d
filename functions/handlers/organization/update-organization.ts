import { organizationEndpoints } from '../../../shared/contract/organization';
import { renameOrganization } from '../../db/organizations';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { actorOf, auditPut } from '../../db/audit-log';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** PATCH /api/organization/{id}: admins rename their own organization; any other id is 404. */
export const handler = defineRoute(organizationEndpoints.update, async (request) => {
  const { body, session, params } = request;
  requireAdmin(session);
  if (params.id !== session.org.id) throw new NotFound();
  const name = body.name.trim();
  const renamed = auditPut(
    session.org.id,
    { action: 'organization.renamed', actor: actorOf(session.user), target: { type: 'organization', id: session.org.id, label: name }, details: { from: session.org.name, to: name } },
    auditClient(request),
  );
  await renameOrganization(session.org.id, name, renamed);
  return ok({ id: session.org.id, name });
});
