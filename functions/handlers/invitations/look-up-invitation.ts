import * as invitationEndpoints from '../../../shared/contract/invitations';
import { INVALID_INVITATION } from '../../../shared/schemas/invitations';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { findInvitationByToken } from '../../invitations/acceptance';
import { countInvitationLinkRequest } from '../../throttles/invitation-link-throttle';

/** POST /api/invitations/lookup (public): what the /invite page shows, or 400 for an invalid link. */
export const handler = defineRoute(invitationEndpoints.lookup, async ({ body, clientIp }) => {
  await countInvitationLinkRequest(clientIp, body.token);
  const valid = await findInvitationByToken(body.token);
  if (!valid) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
  const { invitation, org } = valid;
  return ok({
    organizationName: org.name,
    invitedByName: invitation.invitedBy.fullName,
    email: invitation.email,
    role: invitation.role,
  });
});
