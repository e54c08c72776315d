import * as accountEndpoints from '../../../shared/contract/account';
import { updateFullName } from '../../db/accounts';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toUserResponse } from '../../entities/user';

/** PATCH /api/user/profile: the full name only (the schema drops role, ids and anything else). */
export const handler = defineRoute(accountEndpoints.updateProfile, async ({ body, session }) => {
  const user = await updateFullName(session.user.orgId, session.user.id, body.fullName.trim());
  return ok(toUserResponse(user, session.org));
});
