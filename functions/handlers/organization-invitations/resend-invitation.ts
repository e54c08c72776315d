import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { tooManyRequests } from '../../http/http-error';
import { ok } from '../../http/response';
import { toInvitationResponse } from '../../invitations/item';
import { invitationKeys } from '../../invitations/keys';
import { resendInvitation } from '../../organization-invitations/invitations';
import { reserveInvitationMail } from '../../throttles/invitation-limits';
import { TOO_MANY_INVITATIONS, TOO_MANY_INVITATION_RESENDS } from '../../throttles/rules';

/**
 * POST /api/organization/invitations/{id}/resend (admins): a new link and a new 7-day expiry; the
 * old link stops working. Another organization's id is 404; more than 3 resends an hour, or beyond
 * the admin's or the organization's hourly allowance of invitation mails, are 429.
 */
export const handler = defineRoute(
  organizationInvitationEndpoints.resend,
  { preload: ({ orgId, params }) => invitationKeys.invitation(orgId, params.id!) },
  async (request) => {
    const { session } = request;
    requireAdmin(session);
    const reserved = await reserveInvitationMail(session.user.id, session.org.id);
    if (!reserved.reserved) throw tooManyRequests(TOO_MANY_INVITATIONS, reserved.retryAfter);
    const outcome = await resendInvitation(writeContext(session.user, request), session.org, request.preloaded);
    if ('retryAfter' in outcome) throw tooManyRequests(TOO_MANY_INVITATION_RESENDS, outcome.retryAfter);
    return ok(toInvitationResponse(outcome.invitation));
  },
);
