import * as invitationEndpoints from '../../../shared/contract/invitations';
import { INVALID_INVITATION } from '../../../shared/schemas/invitations';
import { auditClient } from '../../http/audit-client';
import { browserOf } from '../../http/browser';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { created } from '../../http/response';
import { acceptInvitation } from '../../invitations/acceptance';
import { refuseWeakPassword } from '../../security/password-strength';
import { hashPassword } from '../../security/passwords';
import { startSession } from '../../sessions/start-session';
import { countInvitationLinkRequest } from '../../throttles/invitation-link-throttle';
import { toUserResponse } from '../../user/item';

/**
 * POST /api/invitations/accept (public): creates the invited user with the name and password they
 * chose (the registration rules) and signs them in, as registration does (201 and the cookies).
 */
export const handler = defineRoute(invitationEndpoints.accept, async (request) => {
  const { body, clientIp, event } = request;
  await countInvitationLinkRequest(clientIp, body.token);
  refuseWeakPassword(body.password, 'password');
  const accepted = await acceptInvitation(
    body.token,
    {
      fullName: body.fullName,
      // The account's own words are known once the link names the invitation.
      hashPassword: (invited) => {
        refuseWeakPassword(body.password, 'password', { ...invited, fullName: body.fullName });
        return hashPassword(body.password);
      },
    },
    auditClient(request),
  );
  if (!accepted) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
  const cookies = await startSession(accepted.user.id, accepted.org.id, browserOf(event));
  return created(toUserResponse(accepted.user, accepted.org), { cookies });
});
