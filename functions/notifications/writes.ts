import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type TransactItem, conditionHeld, failedConditionIndexes, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { NotificationMessage } from '../events/change-event';
import { userKeys } from '../user/keys';
import { newNotification } from './item';
import { notificationCollections, notificationKeys } from './keys';

/** The Put of one new, unread notification for a user. */
export function notificationPut(userId: string, message: NotificationMessage): TransactItem {
  const item = newNotification(userId, message);
  return { Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.notification(userId, item.id), ...item } } };
}

/** +1 on a user's unread counter (the user must still exist), and what else the same write sets on them. */
export function unreadIncrement(orgId: string, userId: string, set?: Record<string, unknown>): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: userKeys.user(orgId, userId),
      ...updateExpression({ add: { unreadCount: 1 }, ...(set ? { set } : {}) }, { expression: 'attribute_exists(PK)' }),
    },
  };
}

/** Read notifications expire this long after they were read (DynamoDB TTL deletes them). */
const READ_NOTIFICATION_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** Notifications marked per transaction, plus the one counter update: well under the 100-item limit. */
const MARK_ALL_CHUNK = 50;

/** Marks one unread notification read; only a notification that was still unread may lower the counter. */
function markReadUpdate(userId: string, notificationId: string, ttl: number): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: notificationKeys.notification(userId, notificationId),
      ...updateExpression({ set: { isRead: true, ttl } }, { expression: 'isRead = :false', values: { ':false': false } }),
    },
  };
}

function unreadDecrement(orgId: string, userId: string, by: number): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: userKeys.user(orgId, userId),
      ...updateExpression({ add: { unreadCount: -by } }, { expression: 'attribute_exists(PK)' }),
    },
  };
}

/**
 * Marks a notification read and lowers the counter in one transaction. The condition
 * `isRead = false` makes a concurrent mark-read or mark-all-read lower it only once; one that was
 * read meanwhile is left as it is.
 */
export async function markNotificationRead(orgId: string, userId: string, notificationId: string): Promise<void> {
  const ttl = ttlAt(now().getTime() + READ_NOTIFICATION_RETENTION_SECONDS * 1000);
  await conditionHeld(transactWrite([markReadUpdate(userId, notificationId, ttl), unreadDecrement(orgId, userId, 1)]));
}

/** Unread notifications one step of mark-all-read marks at most: ten transactions of MARK_ALL_CHUNK. */
export const MARK_ALL_STEP = 500;
/** Notifications, read or not, one step reads at most to find them: its bound whatever the person's history. */
const MARK_ALL_READ_AT_MOST = 2_000;

/**
 * The ids of up to MARK_ALL_STEP unread notifications of a user, newest first, after the one whose sort
 * key is `after` (none: from the newest). `continueAfter` is the sort key the next step starts after,
 * when there may be more; absent when the step reached the oldest notification.
 */
async function unreadStep(userId: string, after?: string): Promise<{ ids: string[]; continueAfter?: string }> {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined = after ? { PK, SK: after } : undefined;
  for (let read = 0; read < MARK_ALL_READ_AT_MOST && ids.length < MARK_ALL_STEP;) {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: 'isRead = :false',
        ProjectionExpression: 'SK, id',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix, ':false': false },
        ScanIndexForward: false,
        Limit: Math.min(MARK_ALL_STEP, MARK_ALL_READ_AT_MOST - read),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    read += page.ScannedCount ?? 0;
    const room = MARK_ALL_STEP - ids.length;
    const found = (page.Items ?? []) as { SK: string; id: string }[];
    ids.push(...found.slice(0, room).map((item) => item.id));
    if (found.length > room) return { ids, continueAfter: found[room - 1]!.SK };
    if (!page.LastEvaluatedKey) return { ids };
    start = page.LastEvaluatedKey;
  }
  return { ids, continueAfter: start?.SK as string };
}

/**
 * One bounded step of marking every unread notification read (issue 62, item 6): up to MARK_ALL_STEP,
 * newest first, 50 per transaction, each transaction lowering the counter by exactly the number it
 * marks. When a concurrent mark-read got to one first, its condition cancels the transaction: the
 * cancellation reasons name it, and the rest is tried again without it. Answers how many it marked
 * and, when there may be more, the sort key the next step starts after (the fan-out takes it on).
 */
export async function markAllNotificationsRead(
  orgId: string,
  userId: string,
  after?: string,
): Promise<{ marked: number; continueAfter?: string }> {
  const { ids, continueAfter } = await unreadStep(userId, after);
  const ttl = ttlAt(now().getTime() + READ_NOTIFICATION_RETENTION_SECONDS * 1000);
  let marked = 0;
  for (let start = 0; start < ids.length; start += MARK_ALL_CHUNK) {
    let pending = ids.slice(start, start + MARK_ALL_CHUNK);
    while (pending.length > 0) {
      try {
        await transactWrite([
          ...pending.map((id) => markReadUpdate(userId, id, ttl)),
          unreadDecrement(orgId, userId, pending.length),
        ]);
        marked += pending.length;
        break;
      } catch (error) {
        const failed = failedConditionIndexes(error);
        // The user item's own condition (deleted user) or an unknown failure: nothing more to mark.
        if (failed.size === 0 || failed.has(pending.length)) throw error;
        pending = pending.filter((_, index) => !failed.has(index));
      }
    }
  }
  return continueAfter ? { marked, continueAfter } : { marked };
}
