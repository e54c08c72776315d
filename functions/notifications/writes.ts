import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
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
