import { ulid } from 'ulid';
import type { NotificationResponse } from '../../shared/schemas/notifications';
import { now, ttlAt } from '../clock';
import type { DigestTopic, NotificationMessage } from '../events/change-event';

/** A notification: `USER#<userId> / NOTIFICATION#<ulid>` (notificationKeys.notification), in its user's partition. */
export interface NotificationItem {
  type: 'NOTIFICATION';
  id: string;
  userId: string;
  title: string;
  content: string;
  isRead: boolean;
  createdAt: string;
  linkUrl: string | null;
  /**
   * When DynamoDB's TTL deletes it (epoch seconds): UNREAD_RETENTION_DAYS after it was written, and
   * READ_RETENTION_DAYS after it was read when it is marked read by itself (docs/decisions/102).
   */
  ttl?: number;
  /** What a weekly digest lists it as, with its keys in the weeklyDigest index (docs/decisions/061); absent on the rest. */
  digestTopic?: DigestTopic;
  digestKey?: string;
  digestSort?: string;
}

/** Days a notification is kept when nobody reads it (or it is read by mark-all-read's marker). */
export const UNREAD_RETENTION_DAYS = 90;
/** Days a notification is kept once it is marked read by itself. */
export const READ_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The TTL of a notification read at `at`. */
export const readNotificationTtl = (at: Date) => ttlAt(at.getTime() + READ_RETENTION_DAYS * DAY_MS);

/** A new, unread notification for a user; a fan-out names its id and time (functions/notifications/event-notifications.ts). */
export function newNotification(
  userId: string,
  message: NotificationMessage,
  { id = ulid(), createdAt = now().toISOString() } = {},
): NotificationItem {
  return {
    type: 'NOTIFICATION',
    id,
    userId,
    title: message.title,
    content: message.content,
    linkUrl: message.linkUrl,
    isRead: false,
    createdAt,
    ttl: ttlAt(Date.parse(createdAt) + UNREAD_RETENTION_DAYS * DAY_MS),
  };
}

/**
 * Whether the person has read it: marked read by itself, or no newer than the newest notification
 * mark-all-read covered (UserItem.notificationsReadUpTo: ids are ULIDs, which sort by time).
 */
export const isReadBy = (item: Pick<NotificationItem, 'id' | 'isRead'>, readUpTo: string | undefined) =>
  item.isRead || (readUpTo !== undefined && item.id <= readUpTo);

export function toNotificationResponse(item: NotificationItem, readUpTo: string | undefined): NotificationResponse {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    isRead: isReadBy(item, readUpTo),
    createdAt: item.createdAt,
    linkUrl: item.linkUrl ?? null,
  };
}
