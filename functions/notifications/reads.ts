import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ULID } from '../../shared/ids';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { getItem } from '../db/reads';
import { NotFound } from '../domain/errors';
import type { NotificationItem } from './item';
import { notificationCollections, notificationKeys } from './keys';

/** The panel shows the newest ones; older ones stay counted and are marked by mark-all-read. */
const NOTIFICATION_LIST_LIMIT = 50;

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
