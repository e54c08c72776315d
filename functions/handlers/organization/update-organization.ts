import * as organizationEndpoints from '../../../shared/contract/organization';
import { actorOf, auditPut } from '../../audit-log/entries';
import { setRequireMfa } from '../../mfa/mfa';
import { renameOrganization } from '../../organization/organizations';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * PATCH /api/organization/{id}: admins rename their own organization and turn the two-factor
 * requirement on or off (on only while they have two-factor themselves); any other id is 404.
 * Each change writes its audit entry in its own transaction.
 */
export const handler = defineRoute(organizationEndpoints.update, async (request) => {
  const { body, session, params } = request;
  requireAdmin(session);
  if (params.id !== session.org.id) throw new NotFound();
  const actor = actorOf(session.user);
  let name = session.org.name;
  if (body.requireMfa !== undefined) {
    const changed = auditPut(
      session.org.id,
      { action: 'organization.mfa_requirement_changed', actor, target: { type: 'organization', id: session.org.id, label: name }, details: { requireMfa: body.requireMfa } },
      auditClient(request),
    );
    await setRequireMfa(session.user, body.requireMfa, changed);
  }
  if (body.name !== undefined) {
    name = body.name.trim();
    const renamed = auditPut(
      session.org.id,
      { action: 'organization.renamed', actor, target: { type: 'organization', id: session.org.id, label: name }, details: { from: session.org.name, to: name } },
      auditClient(request),
    );
    await renameOrganization(session.org.id, name, renamed);
  }
  return ok({ id: session.org.id, name, requireMfa: body.requireMfa ?? session.org.requireMfa === true });
});
