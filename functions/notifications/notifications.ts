import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ULID } from '../../shared/ids';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import { type TransactItem, conditionHeld, failedConditionIndexes, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { NotFound } from '../domain/errors';
import { userKeys } from '../user/keys';
import type { NotificationItem } from './item';
import { notificationCollections, notificationKeys } from './keys';

/** The panel shows the newest ones; older ones stay counted and are marked by mark-all-read. */
const NOTIFICATION_LIST_LIMIT = 50;
/** Read notifications expire this long after they were read (DynamoDB TTL deletes them). */
const READ_NOTIFICATION_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** Notifications marked per transaction, plus the one counter update: well under the 100-item limit. */
const MARK_ALL_CHUNK = 50;

/** A user's newest notifications, newest first (ULID sort keys): one Query. */
export async function listNotificationsOfUser(userId: string): Promise<NotificationItem[]> {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const notifications = keyBeginsWith('SK', prefix);
  const page = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${notifications.expression}`,
      // TTL deletion can lag by days: an expired read notification is already gone for the user.
      FilterExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pk': PK, ...notifications.values, ':now': ttlAt(now()) },
      ScanIndexForward: false,
      Limit: NOTIFICATION_LIST_LIMIT,
      // Read again right after the user marks one read (the page refetches): it must show as read.
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []) as NotificationItem[];
}

const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** One of the user's notifications. The key is built from the user's id: another user's is simply not there. */
export async function getNotification(userId: string, notificationId: string): Promise<NotificationItem> {
  const item = ULID.test(notificationId)
    ? await getItem<NotificationItem>(notificationKeys.notification(userId, notificationId), { consistentRead: true })
    : undefined;
  if (!item) throw new NotFound(NOTIFICATION_NOT_FOUND);
  return item;
}

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

/** Sort keys of a user's unread notifications: one Query per 1 MB page. */
async function unreadNotificationIds(userId: string): Promise<string[]> {
  const unread = await queryCollection<{ id: string }>(notificationCollections.notificationsOfUser(userId), {
    projection: 'id',
    filter: { expression: 'isRead = :false', values: { ':false': false } },
  });
  return unread.map((item) => item.id);
}

/**
 * Marks every unread notification read, 50 per transaction, each transaction lowering the counter
 * by exactly the number it marks. When a concurrent mark-read got to one first, its condition
 * cancels the transaction: the cancellation reasons name it, and the rest is tried again without it.
 * Returns how many this call marked.
 */
export async function markAllNotificationsRead(orgId: string, userId: string): Promise<number> {
  const ids = await unreadNotificationIds(userId);
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
  return marked;
}
