import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import { authKeys } from './keys';
import { type PendingSignInItem, isPendingSignInLive, newPendingSignIn } from './pending-sign-in-item';

/** Stores the first step of a two-factor sign-in (one PutItem); the pending cookie names it. */
export async function createPendingSignIn(userId: string, orgId: string, now = clockNow().getTime()): Promise<PendingSignInItem> {
  const item = newPendingSignIn(userId, orgId, now);
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...authKeys.pendingSignIn(userId, item.id), ...item } }));
  return item;
}

/** Uses the pending sign-in up: false when a concurrent second step already did (one pending sign-in, one session). */
export async function finishPendingSignIn(userId: string, pendingId: string): Promise<boolean> {
  return conditionHeld(
    db.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: authKeys.pendingSignIn(userId, pendingId),
        ConditionExpression: 'attribute_exists(PK)',
      }),
    ),
  );
}

/** The pending sign-in a cookie names, while it lives (read strongly: a second step may have used it up a moment ago). */
export async function findLivePendingSignIn(userId: string, pendingId: string): Promise<PendingSignInItem | undefined> {
  const item = (await getItem(authKeys.pendingSignIn(userId, pendingId), { consistentRead: true })) as
    PendingSignInItem | undefined;
  return isPendingSignInLive(item) ? item : undefined;
}
