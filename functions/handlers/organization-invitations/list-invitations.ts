import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { listInvitations } from '../../organization-invitations/invitations';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** GET /api/organization/invitations (admins): pending ones, and those of the last 30 days, newest first. */
export const handler = defineRoute(organizationInvitationEndpoints.list, async ({ session }) => {
  requireAdmin(session);
  return ok(await listInvitations(session.org.id));
});
