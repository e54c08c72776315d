import * as authEndpoints from '../../../shared/contract/auth';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toUserResponse } from '../../user/item';

export const handler = defineRoute(authEndpoints.currentUser, async ({ session }) =>
  ok(toUserResponse(session.user, session.org, session.session)),
);
