import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { TABLE_NAME } from './client';
import { keys } from './keys';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

/**
 * The writes that notify each recipient: the notification and +1 on their counter. They go into
 * the same TransactWriteItems as the action itself, so neither happens without the other.
 * (A transaction may not touch one item twice: an action that already updates a recipient's user
 * item adds `ADD unreadCount :one` to that update and uses notificationPut alone.)
 */
export function notificationWrites(orgId: string, recipientIds: string[], message: NotificationMessage): TransactItem[] {
  return [...new Set(recipientIds)].flatMap((userId) => [notificationPut(userId, message), unreadIncrement(orgId, userId)]);
}
