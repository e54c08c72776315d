import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { STEP_UP_WINDOW_MS } from '../../shared/limits';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { Key } from '../db/keys';
import { queryCollection } from '../db/query-collection';
import { type Item, batchGet, keyId } from '../db/reads';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { compareOrdinal } from '../domain/compare-ordinal';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { SESSION_TOUCH_INTERVAL_MS, sessionIdleLimit } from '../security/lifetime';
import type { SessionClaims } from '../security/token';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { type SessionItem, newSession, sessionTtl } from './item';
import { sessionCollections, sessionKeys } from './keys';

export interface LoadedSession {
  session: SessionItem;
  user: UserItem;
  org: OrganizationItem;
  /** Every item the route asked to read along with the session (RouteOptions.preload), in its order (undefined where none exists). */
  preloadedAll: (Item | undefined)[];
}

export const lastUsedAtOf = (session: SessionItem) => session.lastUsedAt ?? Date.parse(session.createdAt);

/** True while the session is neither past its absolute end nor idle for longer than its organization allows. */
const isSessionLive = (session: SessionItem, org: Pick<OrganizationItem, 'requireMfa'>, now: number) =>
  session.expiresAt > now && lastUsedAtOf(session) + sessionIdleLimit(org) > now;

/** True while the session's last step-up is recent enough for a security change. */
export const isSteppedUp = (session: SessionItem, now = clockNow().getTime()) =>
  session.steppedUpAt !== undefined && now - session.steppedUpAt < STEP_UP_WINDOW_MS;

/** Stores a new session; with `audit`, the sign-in's audit entry in the same transaction. */
export async function createSession(
  userId: string,
  orgId: string,
  userAgent = '',
  audit?: TransactItem | readonly TransactItem[],
  startedBy?: 'sso',
): Promise<SessionItem> {
  const session = newSession(userId, orgId, userAgent, clockNow().getTime(), startedBy);
  const put = { TableName: TABLE_NAME, Item: { ...sessionKeys.session(userId, session.id), ...session } };
  if (audit) await transactWrite([{ Put: put }, ...[audit].flat()]);
  else await db.send(new PutCommand(put));
  return session;
}

/**
 * The session, its user and the organization in one BatchGetItem: one round trip per request.
 * A route may add keys of its own organization's (preload), read in the same round trip.
 * Strongly consistent, so a session or change written a moment ago is seen.
 */
export async function loadSession(
  claims: SessionClaims,
  preload?: (orgId: string) => Key | readonly Key[] | undefined,
  /** false for a background read (Endpoint.passive): the session is checked but its idle end does not slide. */
  { touch = true } = {},
): Promise<LoadedSession | undefined> {
  const sessionKey = sessionKeys.session(claims.userId, claims.sessionId);
  const userKey = userKeys.user(claims.orgId, claims.userId);
  const orgKey = organizationKeys.organization(claims.orgId);
  const extraKeys = [preload?.(claims.orgId) ?? []].flat();
  const found = await batchGet([sessionKey, userKey, orgKey, ...extraKeys], { consistentRead: true });
  const session = found.get(keyId(sessionKey)) as SessionItem | undefined;
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  if (!session || !user || !org) return undefined;
  // Expiry is decided here, by the stored times: TTL deletion can lag by days.
  // The preloaded key was built from the token's organization: only trusted once the stored session agrees.
  const now = clockNow().getTime();
  if (!isSessionLive(session, org, now) || session.orgId !== claims.orgId) return undefined;
  if (touch && now - lastUsedAtOf(session) >= SESSION_TOUCH_INTERVAL_MS) await touchSession(session, now);
  const preloadedAll = extraKeys.map((key) => found.get(keyId(key)));
  return { session, user, org, preloadedAll };
}

/**
 * Records a use, sliding the idle end (at most every SESSION_TOUCH_INTERVAL_MS). Only
 * while the session still exists, so a touch racing a sign-out does not bring the session back.
 */
async function touchSession(session: SessionItem, now: number) {
  const touched = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: sessionKeys.session(session.userId, session.id),
        ...updateExpression(
          { set: { lastUsedAt: now, ttl: sessionTtl(session.expiresAt, now) } },
          { expression: 'attribute_exists(PK)' },
        ),
      }),
    ),
  );
  if (touched) session.lastUsedAt = now;
}

/**
 * Records that the password or a two-factor code was just confirmed on this session: security
 * changes are open to it for STEP_UP_WINDOW_MS. Only while the session exists (a step-up racing a
 * sign-out does not bring it back).
 */
export async function markSteppedUp(session: SessionItem, now = clockNow().getTime()) {
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: sessionKeys.session(session.userId, session.id),
        ...updateExpression({ set: { steppedUpAt: now } }, { expression: 'attribute_exists(PK)' }),
      }),
    ),
  );
}

/** The user's sessions that are still live by their organization's rules, newest sign-in first. */
export async function listSessionsOfUser(userId: string, org: Pick<OrganizationItem, 'requireMfa'>): Promise<SessionItem[]> {
  const sessions = await queryCollection<SessionItem>(sessionCollections.sessionsOfUser(userId), { consistentRead: true });
  const now = clockNow().getTime();
  return sessions.filter((session) => isSessionLive(session, org, now)).sort((a, b) => compareOrdinal(b.createdAt, a.createdAt));
}

/** Ends one of the user's sessions; false when the user has no such session. */
export async function deleteOwnSession(userId: string, sessionId: string): Promise<boolean> {
  return conditionHeld(
    db.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: sessionKeys.session(userId, sessionId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/** Deletes one session; with `audit`, the sign-out's audit entry in the same transaction. */
export async function deleteSession(userId: string, sessionId: string, audit?: TransactItem) {
  const remove = { TableName: TABLE_NAME, Key: sessionKeys.session(userId, sessionId) };
  if (audit) await transactWrite([{ Delete: remove }, audit]);
  else await db.send(new DeleteCommand(remove));
}

/** Ends every session of a user but `keep` (a password change keeps the current one); answers how many ended. */
export async function deleteSessionsOfUser(userId: string, keep?: string): Promise<number> {
  return deleteSessions(await sessionKeysOfUser(userId, keep));
}

/** The keys of a user's sessions but `keep`'s, to delete with deleteSessions. */
export async function sessionKeysOfUser(userId: string, keep?: string): Promise<Key[]> {
  const sessions = await queryCollection<Key & { id: string }>(sessionCollections.sessionsOfUser(userId), {
    projection: 'PK, SK, id',
  });
  return sessions.filter((item) => item.id !== keep).map((item) => ({ PK: item.PK, SK: item.SK }));
}

/** Deletes these sessions, 25 to a BatchWriteItem; answers how many. */
export async function deleteSessions(doomed: readonly Key[]): Promise<number> {
  for (let i = 0; i < doomed.length; i += 25) {
    let writes = doomed.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: key } }));
    while (writes.length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: writes } }));
      writes = (out.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof writes;
    }
  }
  return doomed.length;
}
