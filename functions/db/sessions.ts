import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SESSION_LIFETIME_SECONDS, type SessionClaims } from '../session/token';
import { type Item, batchGet, keyId } from './reads';
import { TABLE_NAME, db } from './client';
import type { OrganizationItem, SessionItem, UserItem } from './entities';
import { type Key, collections, keys } from './keys';
import { queryCollection } from './query-collection';

export interface LoadedSession {
  session: SessionItem;
  user: UserItem;
  org: OrganizationItem;
  /** The item a route asked to read along with the session (see RouteOptions.preload), if it exists. */
  preloaded?: Item;
}

export async function createSession(userId: string, orgId: string): Promise<SessionItem> {
  const now = Date.now();
  const expiresAt = now + SESSION_LIFETIME_SECONDS * 1000;
  const session: SessionItem = {
    type: 'SESSION',
    id: randomUUID(),
    userId,
    orgId,
    expiresAt,
    ttl: Math.ceil(expiresAt / 1000),
    createdAt: new Date(now).toISOString(),
  };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...keys.session(userId, session.id), ...session } }));
  return session;
}

/**
 * The session, its user and the organization in one BatchGetItem: one round trip per request.
 * A route may add one key of its own organization's (preload), read in the same round trip.
 * Strongly consistent, so a session or change written a moment ago is seen.
 */
export async function loadSession(claims: SessionClaims, preload?: (orgId: string) => Key | undefined): Promise<LoadedSession | undefined> {
  const sessionKey = keys.session(claims.userId, claims.sessionId);
  const userKey = keys.user(claims.orgId, claims.userId);
  const orgKey = keys.organization(claims.orgId);
  const extraKey = preload?.(claims.orgId);
  const found = await batchGet(extraKey ? [sessionKey, userKey, orgKey, extraKey] : [sessionKey, userKey, orgKey], { consistentRead: true });
  const session = found.get(keyId(sessionKey)) as SessionItem | undefined;
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  if (!session || !user || !org) return undefined;
  // Expiry is decided here, by the stored time: TTL deletion can lag by days.
  // The preloaded key was built from the token's organization: only trusted once the stored session agrees.
  if (session.expiresAt <= Date.now() || session.orgId !== claims.orgId) return undefined;
  return { session, user, org, preloaded: extraKey ? found.get(keyId(extraKey)) : undefined };
}

export async function deleteSession(userId: string, sessionId: string) {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.session(userId, sessionId) }));
}

/** Ends every session of a user but `keep` (a password change keeps the current one). */
export async function deleteSessionsOfUser(userId: string, keep?: string) {
  const sessions = await queryCollection<{ PK: string; SK: string; id: string }>(collections.sessionsOfUser(userId), {
    projection: 'PK, SK, id',
  });
  const doomed = sessions.filter((item) => item.id !== keep);
  for (let i = 0; i < doomed.length; i += 25) {
    let writes = doomed.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
    while (writes.length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: writes } }));
      writes = (out.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof writes;
    }
  }
}
