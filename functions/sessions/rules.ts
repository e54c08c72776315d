import { domainOfEmail } from '../../shared/domain-name';
import { STEP_UP_WINDOW_MS } from '../../shared/limits';
import { now as clockNow } from '../clock';
import type { OrganizationItem } from '../organization/item';
import { sessionIdleLimit } from '../security/lifetime';
import { keepsPasswordAccess } from '../sso-requirement/rules';
import type { UserItem } from '../user/item';
import type { SessionItem } from './item';

export const lastUsedAtOf = (session: SessionItem) => session.lastUsedAt ?? Date.parse(session.createdAt);

/** True while the session is neither past its absolute end nor idle for longer than its organization allows. */
export const isSessionLive = (session: SessionItem, org: Pick<OrganizationItem, 'requireMfa'>, now: number) =>
  session.expiresAt > now && lastUsedAtOf(session) + sessionIdleLimit(org) > now;

/**
 * A session started by a password, a code or a passkey of a member at one of the organization's
 * verified domains, while it requires single sign-on (docs/decisions/059): it ends with the switch,
 * not at its own expiry. Break-glass admins keep theirs; sessions the identity provider started stay.
 */
export const endedBySsoRequirement = (
  session: Pick<SessionItem, 'startedBy'>,
  org: Pick<OrganizationItem, 'requireSso' | 'ssoDomains' | 'passwordAccessUserIds'>,
  user: Pick<UserItem, 'id' | 'username'>,
) =>
  org.requireSso === true &&
  session.startedBy !== 'sso' &&
  !keepsPasswordAccess(org, user.id) &&
  org.ssoDomains?.has(domainOfEmail(user.username)) === true;

/** True while the session's last step-up is recent enough for a security change. */
export const isSteppedUp = (session: SessionItem, now = clockNow().getTime()) =>
  session.steppedUpAt !== undefined && now - session.steppedUpAt < STEP_UP_WINDOW_MS;
