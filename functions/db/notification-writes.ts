import { ulid } from 'ulid';
import { TABLE_NAME } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

export interface NotificationItem {
  type: 'NOTIFICATION';
  id: string;
  userId: string;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  linkUrl: string | null;
  /** Set when the notification is read (epoch seconds): read ones expire, unread ones stay counted. */
  ttl?: number;
}

export interface NotificationMessage {
  title: string;
  content: string;
  linkUrl: string | null;
}

/** The Put of one new, unread notification for a user. */
export function notificationPut(userId: string, message: NotificationMessage): TransactItem {
  const item: NotificationItem = {
    type: 'NOTIFICATION',
    id: ulid(),
    userId,
    title: message.title,
    content: message.content,
    linkUrl: message.linkUrl,
    isRead: false,
    createdAt: new Date().toISOString(),
  };
  return { Put: { TableName: TABLE_NAME, Item: { ...keys.notification(userId, item.id), ...item } } };
}

/** +1 on a user's unread counter (the user must still exist). */
export function unreadIncrement(orgId: string, userId: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.user(orgId, userId),
      UpdateExpression: 'ADD unreadCount :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** One notification to each recipient (once each), with their unread counters: two writes per recipient. */
export function notificationWrites(orgId: string, recipientIds: string[], message: NotificationMessage): TransactItem[] {
  return [...new Set(recipientIds)].flatMap((userId) => [notificationPut(userId, message), unreadIncrement(orgId, userId)]);
}
