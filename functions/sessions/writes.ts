import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type Key } from '../db/keys';
import { queryCollection } from '../db/query-collection';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type SessionItem, newSession, sessionTtl } from './item';
import { sessionCollections, sessionKeys } from './keys';

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
 * Records a use, sliding the idle end (at most every SESSION_TOUCH_INTERVAL_MS). Only
 * while the session still exists, so a touch racing a sign-out does not bring the session back.
 */
export async function touchSession(session: SessionItem, now: number) {
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
