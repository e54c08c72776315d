import { weekOf } from '../projects/figures';
import type { NotificationItem } from './item';
import { digestIndexKeys } from './keys';

/**
 * Partitions per week of the weeklyDigest index: a week's notifications are written at up to
 * 1,000 a second into each (a 500-member project's status change fans out 500 at once), and
 * Monday's run reads them all, one Query per MB of each.
 */
export const DIGEST_SHARDS = 16;

/**
 * A notification the weekly digest will list, with its week's index keys and its topic; the rest
 * as they are (they stay out of the sparse index).
 */
export function withDigestIndex(
  orgId: string,
  notification: NotificationItem,
  topic: NotificationItem['digestTopic'],
): NotificationItem {
  if (!topic) return notification;
  return {
    ...notification,
    digestTopic: topic,
    ...digestIndexKeys(orgId, notification.userId, notification.id, weekOf(notification.createdAt), DIGEST_SHARDS),
  };
}
