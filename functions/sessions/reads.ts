import type { ApiKeyItem } from '../api-keys/item';
import { now as clockNow } from '../clock';
import { type Key } from '../db/keys';
import { queryCollection } from '../db/query-collection';
import { type Item, batchGet, keyId } from '../db/reads';
import { compareOrdinal } from '../domain/compare-ordinal';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { SESSION_TOUCH_INTERVAL_MS } from '../security/lifetime';
import type { SessionClaims } from '../security/token';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import type { SessionItem } from './item';
import { sessionCollections, sessionKeys } from './keys';
import { endedBySsoRequirement, isSessionLive, lastUsedAtOf } from './rules';
import { touchSession } from './writes';

export interface LoadedSession {
  session: SessionItem;
  user: UserItem;
  org: OrganizationItem;
  /** Every item the route asked to read along with the session (RouteOptions.preload), in its order (undefined where none exists). */
  preloadedAll: (Item | undefined)[];
  /**
   * Set when an API key made the request (functions/middleware/session.ts): `user` and `session`
   * then stand for the key (functions/api-keys/authenticate.ts) and are never stored.
   */
  apiKey?: ApiKeyItem;
}

/**
 * The session, its user and the organization in one BatchGetItem: one round trip per request.
 * A route may add keys of its own organization's (preload), read in the same round trip.
 * Strongly consistent, so a session or change written a moment ago is seen.
 */
export async function loadSession(
  claims: SessionClaims,
  preload?: (orgId: string) => Key | readonly (Key | undefined)[] | undefined,
  /** false for a background read (Endpoint.passive): the session is checked but its idle end does not slide. */
  { touch = true } = {},
): Promise<LoadedSession | undefined> {
  const sessionKey = sessionKeys.session(claims.userId, claims.sessionId);
  const userKey = userKeys.user(claims.orgId, claims.userId);
  const orgKey = organizationKeys.organization(claims.orgId);
  const extraKeys = [preload?.(claims.orgId) ?? []].flat();
  const found = await batchGet([sessionKey, userKey, orgKey, ...extraKeys.filter((key) => key !== undefined)], {
    consistentRead: true,
  });
  const session = found.get(keyId(sessionKey)) as SessionItem | undefined;
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  if (!session || !user || !org) return undefined;
  // Expiry is decided here, by the stored times: TTL deletion can lag by days.
  // The preloaded key was built from the token's organization: only trusted once the stored session agrees.
  const now = clockNow().getTime();
  if (!isSessionLive(session, org, now) || endedBySsoRequirement(session, org, user) || session.orgId !== claims.orgId)
    return undefined;
  if (touch && now - lastUsedAtOf(session) >= SESSION_TOUCH_INTERVAL_MS) await touchSession(session, now);
  const preloadedAll = extraKeys.map((key) => (key ? found.get(keyId(key)) : undefined));
  return { session, user, org, preloadedAll };
}

/** The user's sessions that are still live by their organization's rules, newest sign-in first. */
export async function listSessionsOfUser(userId: string, org: Pick<OrganizationItem, 'requireMfa'>): Promise<SessionItem[]> {
  const sessions = await queryCollection<SessionItem>(sessionCollections.sessionsOfUser(userId), { consistentRead: true });
  const now = clockNow().getTime();
  return sessions.filter((session) => isSessionLive(session, org, now)).sort((a, b) => compareOrdinal(b.createdAt, a.createdAt));
}
