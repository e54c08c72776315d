import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toInvitationResponse } from '../../invitations/item';
import { invitationKeys } from '../../invitations/keys';
import { revokeInvitation } from '../../organization-invitations/invitations';

/** DELETE /api/organization/invitations/{id} (admins): revoked, and its link stops working at once. */
export const handler = defineRoute(
  organizationInvitationEndpoints.revoke,
  { preload: ({ orgId, params }) => invitationKeys.invitation(orgId, params.id!) },
  async (request) => {
    const { session } = request;
    requireAdmin(session);
    return ok(toInvitationResponse(await revokeInvitation(writeContext(session.user, request), request.preloaded)));
  },
);
