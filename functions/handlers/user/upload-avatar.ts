import * as userEndpoints from '../../../shared/contract/user';
import { saveAvatar } from '../../avatars/writes';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { decodeAvatar } from '../../images/decode-avatar';

/** POST /api/user/avatar: stores the caller's image and answers the URL it is served from. */
export const handler = defineRoute(userEndpoints.uploadAvatar, async ({ body, session }) => {
  const { contentType, data } = decodeAvatar(body.avatarUrl);
  const avatarUrl = await saveAvatar(session.user.orgId, session.user.id, contentType, data);
  return ok({ avatarUrl });
});
