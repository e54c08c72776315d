import * as userEndpoints from '../../../shared/contract/user';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toUserResponse } from '../../user/item';
import { updateFullName } from '../../user/writes';

/** PATCH /api/user/profile: the full name only (the schema drops role, ids and anything else). */
export const handler = defineRoute(userEndpoints.updateProfile, async ({ body, session }) => {
  const user = await updateFullName(session.user, body.fullName.trim());
  return ok(toUserResponse(user, session.org, session.session));
});
