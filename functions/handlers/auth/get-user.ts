import { authEndpoints } from '../../../shared/contract/auth';
import { toUserResponse } from '../../db/users';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute(authEndpoints.currentUser, async ({ session }) => ok(toUserResponse(session.user, session.org)));
