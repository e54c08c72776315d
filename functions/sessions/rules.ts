import { STEP_UP_WINDOW_MS } from '../../shared/limits';
import { now as clockNow } from '../clock';
import type { OrganizationItem } from '../organization/item';
import { sessionIdleLimit } from '../security/lifetime';
import type { SessionItem } from './item';

export const lastUsedAtOf = (session: SessionItem) => session.lastUsedAt ?? Date.parse(session.createdAt);

/** True while the session is neither past its absolute end nor idle for longer than its organization allows. */
export const isSessionLive = (session: SessionItem, org: Pick<OrganizationItem, 'requireMfa'>, now: number) =>
  session.expiresAt > now && lastUsedAtOf(session) + sessionIdleLimit(org) > now;

/** True while the session's last step-up is recent enough for a security change. */
export const isSteppedUp = (session: SessionItem, now = clockNow().getTime()) =>
  session.steppedUpAt !== undefined && now - session.steppedUpAt < STEP_UP_WINDOW_MS;
