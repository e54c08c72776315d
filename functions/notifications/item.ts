import { ulid } from 'ulid';
import type { NotificationResponse } from '../../shared/schemas/notifications';
import { now } from '../clock';
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
  /** Set when the notification is read (epoch seconds): read ones expire, unread ones stay counted. */
  ttl?: number;
  /** What a weekly digest lists it as, with its keys in the weeklyDigest index (docs/decisions/061); absent on the rest. */
  digestTopic?: DigestTopic;
  digestKey?: string;
  digestSort?: string;
}

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
  };
}

export function toNotificationResponse(item: NotificationItem): NotificationResponse {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    isRead: item.isRead,
    createdAt: item.createdAt,
    linkUrl: item.linkUrl ?? null,
  };
}
