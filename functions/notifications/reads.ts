import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ULID } from '../../shared/ids';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { getItem } from '../db/reads';
import { NotFound } from '../domain/errors';
import type { NotificationItem } from './item';
import { notificationCollections, notificationKeys } from './keys';

/** The panel shows the newest ones; older ones are read by mark-all-read's marker or expire. */
const NOTIFICATION_LIST_LIMIT = 50;

// TTL deletion can lag by days: an expired notification is already gone for the user.
const NOT_EXPIRED = { FilterExpression: 'attribute_not_exists(#ttl) OR #ttl > :now', names: { '#ttl': 'ttl' } };

/** A user's newest notifications, newest first (ULID sort keys): one Query. */
export async function listNotificationsOfUser(userId: string): Promise<NotificationItem[]> {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const notifications = keyBeginsWith('SK', prefix);
  const page = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${notifications.expression}`,
      FilterExpression: NOT_EXPIRED.FilterExpression,
      ExpressionAttributeNames: NOT_EXPIRED.names,
      ExpressionAttributeValues: { ':pk': PK, ...notifications.values, ':now': ttlAt(now()) },
      ScanIndexForward: false,
      Limit: NOTIFICATION_LIST_LIMIT,
      // Read again right after the user marks one read (the page refetches): it must show as read.
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []) as NotificationItem[];
}

/**
 * Notifications the unread count looks at: the newest this many after mark-all-read's marker. The
 * badge shows '9+' over 9 (spec section 7); a person with more than this many since their last
 * mark-all-read sees at most this count (docs/decisions/102).
 */
export const UNREAD_COUNT_LIMIT = 100;

/**
 * How many of a person's notifications are unread, and the newest one's id: one Query of their own
 * partition, the notifications after `readUpTo` (UserItem.notificationsReadUpTo), newest first, at
 * most UNREAD_COUNT_LIMIT read, so its cost is bounded whatever they hold. Strong: right after a
 * mark-read the count must have moved.
 */
export async function unreadOf(userId: string, readUpTo: string | undefined): Promise<{ count: number; newestId?: string }> {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const all = keyBeginsWith('SK', prefix);
  // After the marker: '#' sorts below every character of an id, so `<marker>#` is above the marker and below the next id.
  const range = readUpTo ? all.resumedAt(`${notificationKeys.notification(userId, readUpTo).SK}#`, true) : all;
  const page = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      FilterExpression: NOT_EXPIRED.FilterExpression,
      ExpressionAttributeNames: NOT_EXPIRED.names,
      ExpressionAttributeValues: { ':pk': PK, ...range.values, ':now': ttlAt(now()) },
      ProjectionExpression: 'id, isRead',
      ScanIndexForward: false,
      Limit: UNREAD_COUNT_LIMIT,
      ConsistentRead: true,
    }),
  );
  const items = (page.Items ?? []) as Pick<NotificationItem, 'id' | 'isRead'>[];
  const count = items.filter((item) => !item.isRead).length;
  return items[0] ? { count, newestId: items[0].id } : { count };
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
