import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ULID } from '../../shared/ids';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type KeyCondition, type KeyRange, keyBeginsWith } from '../db/key-prefix';
import { getItem } from '../db/reads';
import { NotFound } from '../domain/errors';
import type { NotificationItem } from './item';
import { notificationCollections, notificationKeys } from './keys';

/** The panel shows the newest ones; older ones are read by mark-all-read's marker or expire. */
const NOTIFICATION_LIST_LIMIT = 50;

/**
 * The newest of a user's unexpired notifications within `range` (all of them, or those after a
 * marker): one Query, newest first (ULID sort keys), strong, since the page and the count are read
 * again right after the user marks one read.
 */
async function newestNotifications<T>(
  userId: string,
  range: (all: KeyRange) => KeyCondition,
  limit: number,
  projection?: string,
) {
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const within = range(keyBeginsWith('SK', prefix));
  const page = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${within.expression}`,
      // TTL deletion can lag by days: an expired notification is already gone for the user.
      FilterExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pk': PK, ...within.values, ':now': ttlAt(now()) },
      ...(projection ? { ProjectionExpression: projection } : {}),
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []) as T[];
}

/** A user's newest notifications, the panel's list. */
export const listNotificationsOfUser = (userId: string) =>
  newestNotifications<NotificationItem>(userId, (all) => all, NOTIFICATION_LIST_LIMIT);

/**
 * Notifications the unread count looks at: the newest this many after mark-all-read's marker. The
 * badge shows '9+' over 9 (spec section 7); a person with more than this many since their last
 * mark-all-read sees at most this count (docs/decisions/102).
 */
export const UNREAD_COUNT_LIMIT = 100;

/**
 * How many of a person's notifications are unread, and the newest one's id: the notifications
 * after `readUpTo` (UserItem.notificationsReadUpTo), at most UNREAD_COUNT_LIMIT read, so its cost is
 * bounded whatever they hold.
 */
export async function unreadOf(userId: string, readUpTo: string | undefined): Promise<{ count: number; newestId?: string }> {
  // After the marker: '#' sorts below every character of an id, so `<marker>#` is above the marker and below the next id.
  const afterMarker = (all: KeyRange) =>
    readUpTo ? all.resumedAt(`${notificationKeys.notification(userId, readUpTo).SK}#`, true) : all;
  const items = await newestNotifications<Pick<NotificationItem, 'id' | 'isRead'>>(
    userId,
    afterMarker,
    UNREAD_COUNT_LIMIT,
    'id, isRead',
  );
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
