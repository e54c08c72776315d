import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld, type TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { NotificationMessage } from '../events/change-event';
import { userKeys } from '../user/keys';
import { newNotification, readNotificationTtl } from './item';
import { notificationKeys } from './keys';
import { unreadOf } from './reads';

/** The Put of one new, unread notification for a user: nothing else is written for it (docs/decisions/102). */
export function notificationPut(userId: string, message: NotificationMessage): TransactItem {
  const item = newNotification(userId, message);
  return { Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.notification(userId, item.id), ...item } } };
}

/**
 * Marks one notification read: one UpdateItem in the person's own partition. The condition makes a
 * second mark (another tab, a retry) change nothing; the read one expires READ_RETENTION_DAYS on.
 */
export async function markNotificationRead(userId: string, notificationId: string): Promise<void> {
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: notificationKeys.notification(userId, notificationId),
        ...updateExpression(
          { set: { isRead: true, ttl: readNotificationTtl(now()) } },
          { expression: 'isRead = :false', values: { ':false': false } },
        ),
      }),
    ),
  );
}

/**
 * Marks every notification of a person read at once, whatever their number (issue 62, items 1 and
 * 6): the user item's marker moves up to their newest notification, and everything up to it reads
 * as read (isReadBy). Answers how many were unread (counted as the unread count is, so at most
 * UNREAD_COUNT_LIMIT). The condition keeps a marker from moving back when two tabs mark at once.
 */
export async function markAllNotificationsRead(orgId: string, userId: string, readUpTo: string | undefined): Promise<number> {
  const unread = await unreadOf(userId, readUpTo);
  if (unread.newestId === undefined || (readUpTo !== undefined && unread.newestId <= readUpTo)) return unread.count;
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: userKeys.user(orgId, userId),
        ...updateExpression(
          { set: { notificationsReadUpTo: unread.newestId } },
          {
            expression:
              'attribute_exists(PK) AND (attribute_not_exists(notificationsReadUpTo) OR notificationsReadUpTo < :readUpTo)',
            values: { ':readUpTo': unread.newestId },
          },
        ),
      }),
    ),
  );
  return unread.count;
}
