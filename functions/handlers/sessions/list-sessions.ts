import * as sessionEndpoints from '../../../shared/contract/sessions';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { deviceLabel } from '../../sessions/device-label';
import { listSessionsOfUser } from '../../sessions/reads';
import { lastUsedAtOf } from '../../sessions/rules';

/** GET /api/user/sessions: the caller's live sessions, the current one marked. */
export const handler = defineRoute(sessionEndpoints.list, async ({ session }) => {
  const sessions = await listSessionsOfUser(session.user.id, session.org);
  return ok(
    sessions.map((item) => ({
      id: item.id,
      device: deviceLabel(item.userAgent),
      createdAt: item.createdAt,
      lastUsedAt: new Date(lastUsedAtOf(item)).toISOString(),
      current: item.id === session.session.id,
    })),
  );
});
