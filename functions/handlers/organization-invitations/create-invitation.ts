import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { tooManyRequests } from '../../http/http-error';
import { created } from '../../http/response';
import { toInvitationResponse } from '../../invitations/item';
import { idempotency } from '../../middleware/idempotency';
import { createInvitation } from '../../organization-invitations/invitations';
import { reserveInvitationMail } from '../../throttles/invitation-limits';
import { TOO_MANY_INVITATIONS } from '../../throttles/rules';

/**
 * POST /api/organization/invitations (admins): invites an address into the caller's organization and
 * mails it the link, within the admin's and the organization's hourly allowance (429). An address
 * with an account in this organization, or one a pending invitation holds, is 409; one with an
 * account elsewhere is answered as any other (its owner is told instead: docs/decisions/041).
 */
export const handler = defineRoute(organizationInvitationEndpoints.create, { idempotency }, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const reserved = await reserveInvitationMail(session.user.id, session.org.id);
  if (!reserved.reserved) throw tooManyRequests(TOO_MANY_INVITATIONS, reserved.retryAfter);
  const invitation = await createInvitation(writeContext(session.user, request), session.org, body);
  return created(toInvitationResponse(invitation));
});
