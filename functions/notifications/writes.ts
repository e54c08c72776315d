import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { NotificationMessage } from '../events/change-event';
import { userKeys } from '../user/keys';
import { newNotification } from './item';
import { notificationKeys } from './keys';

/** The Put of one new, unread notification for a user. */
export function notificationPut(userId: string, message: NotificationMessage): TransactItem {
  const item = newNotification(userId, message);
  return { Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.notification(userId, item.id), ...item } } };
}

/** +1 on a user's unread counter (the user must still exist). */
export function unreadIncrement(orgId: string, userId: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: userKeys.user(orgId, userId),
      ...updateExpression({ add: { unreadCount: 1 } }, { expression: 'attribute_exists(PK)' }),
    },
  };
}
