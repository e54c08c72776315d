import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { createInvitation } from '../../organization-invitations/invitations';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { idempotency } from '../../middleware/idempotency';
import { created } from '../../http/response';
import { toInvitationResponse } from '../../invitations/item';

/**
 * POST /api/organization/invitations (admins): invites an address into the caller's organization and
 * mails it the link. An address with an account, or one a pending invitation holds, is 409.
 */
export const handler = defineRoute(organizationInvitationEndpoints.create, { idempotency }, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const invitation = await createInvitation(writeContext(session.user, request), session.org, body);
  return created(toInvitationResponse(invitation));
});
