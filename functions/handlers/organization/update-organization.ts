import * as organizationEndpoints from '../../../shared/contract/organization';
import { setAssistantEnabled } from '../../assistant/settings';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { setRequireMfa } from '../../mfa/writes';
import { renameOrganization } from '../../organization/writes';
import { organizationShape } from '../../user/item';

/**
 * PATCH /api/organization/{id}: admins rename their own organization, turn the two-factor
 * requirement on or off (on only while they have two-factor themselves) and the assistant on or off;
 * any other id is 404.
 * Each change writes its audit entry in its own transaction.
 */
export const handler = defineRoute(organizationEndpoints.update, async (request) => {
  const { body, session, params } = request;
  requireAdmin(session);
  if (params.id !== session.org.id) throw new NotFound();
  const context = writeContext(session.user, request);
  let name = session.org.name;
  if (body.requireMfa !== undefined) {
    await setRequireMfa(context, { id: session.org.id, name }, body.requireMfa);
  }
  if (body.assistantEnabled !== undefined) {
    await setAssistantEnabled(context, { id: session.org.id, name }, body.assistantEnabled);
  }
  if (body.name !== undefined) {
    name = body.name.trim();
    await renameOrganization(context, session.org.name, name);
  }
  return ok(
    organizationShape(
      {
        ...session.org,
        name,
        requireMfa: body.requireMfa ?? session.org.requireMfa === true,
        assistantOff: body.assistantEnabled === undefined ? session.org.assistantOff : !body.assistantEnabled,
      },
      session.user.role,
    ),
  );
});
