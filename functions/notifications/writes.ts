import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import type { Key } from '../db/keys';
import { keyCondition, readQueryPage } from '../db/query-page';
import { type TransactItem, conditionHeld, failedConditionIndexes, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type NotificationMessage, changeEventPut } from '../events/change-event';
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

/**
 * Up to MARK_ALL_STEP unread notifications of a user, newest first, after the one whose sort key is
 * `after` (none: from the newest): one bounded page of readQueryPage (read ones are passed over, at most
 * its few Queries a page). `continueAfter`: where the next step starts, when there may be more.
 */
async function unreadStep(userId: string, after?: string): Promise<{ ids: string[]; continueAfter?: string }> {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const page = await readQueryPage<Key & { id: string; isRead: boolean }>(
    {
      input: {
        TableName: TABLE_NAME,
        ...keyCondition(PK, keyBeginsWith('SK', prefix)),
        ProjectionExpression: 'PK, SK, id, isRead',
        ScanIndexForward: false,
      },
      limit: MARK_ALL_STEP,
      filtered: true,
      matches: (item) => item.isRead === false,
    },
    after ? { PK, SK: after } : undefined,
  );
  const ids = page.items.map((item) => item.id);
  return page.next?.SK ? { ids, continueAfter: page.next.SK } : { ids };
}

/**
 * One bounded step of marking every unread notification read (issue 62, item 6): up to MARK_ALL_STEP,
 * newest first, 50 per transaction, each transaction lowering the counter by exactly the number it
 * marks. When a concurrent mark-read got to one first, its condition cancels the transaction: the
 * cancellation reasons name it, and the rest is tried again without it. When there may be more, it
 * writes the event that has the fan-out take the next step; a step the fan-out takes names that
 * event's id (derived from its own), so a redelivered step writes no second one. Answers how many it
 * marked and whether more may follow.
 */
export async function markAllNotificationsRead(
  orgId: string,
  userId: string,
  from?: { after: string; nextEventId: string },
): Promise<{ marked: number; more: boolean }> {
  const { ids, continueAfter } = await unreadStep(userId, from?.after);
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
  if (continueAfter) {
    const next = changeEventPut(orgId, [], undefined, undefined, {
      ...(from ? { id: from.nextEventId } : {}),
      markAllRead: { userId, after: continueAfter },
    });
    await conditionHeld(transactWrite(next));
  }
  return { marked, more: continueAfter !== undefined };
}
