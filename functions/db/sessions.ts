import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SESSION_LIFETIME_SECONDS, type SessionClaims } from '../session/token';
import { batchGet, keyId } from './batch-get';
import { TABLE_NAME, db } from './client';
import type { OrganizationItem, SessionItem, UserItem } from './entities';
import { collections, keys } from './keys';

export interface LoadedSession {
  session: SessionItem;
  user: UserItem;
  org: OrganizationItem;
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

/** The session, its user and the organization in one BatchGetItem: one round trip per request. */
export async function loadSession(claims: SessionClaims): Promise<LoadedSession | undefined> {
  const sessionKey = keys.session(claims.userId, claims.sessionId);
  const userKey = keys.user(claims.orgId, claims.userId);
  const orgKey = keys.organization(claims.orgId);
  const found = await batchGet([sessionKey, userKey, orgKey]);
  const session = found.get(keyId(sessionKey)) as SessionItem | undefined;
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  if (!session || !user || !org) return undefined;
  // Expiry is decided here, by the stored time: TTL deletion can lag by days.
  if (session.expiresAt <= Date.now() || session.orgId !== claims.orgId) return undefined;
  return { session, user, org };
}

export async function deleteSession(userId: string, sessionId: string) {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.session(userId, sessionId) }));
}

/** Ends every session of a user but `keep` (a password change keeps the current one). */
export async function deleteSessionsOfUser(userId: string, keep?: string) {
  const { PK, prefix } = collections.sessionsOfUser(userId);
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
        ProjectionExpression: 'PK, SK, id',
        ExclusiveStartKey,
      }),
    );
    const doomed = (page.Items ?? []).filter((item) => item.id !== keep);
    for (let i = 0; i < doomed.length; i += 25) {
      let writes = doomed.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
      while (writes.length > 0) {
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: writes } }));
        writes = (out.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof writes;
      }
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
