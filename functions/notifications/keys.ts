import { type Key, keyOf, USER } from '../db/keys';
import type { NotificationItem } from './item';

/** The keys of a person's notifications and of the weekly digest (docs/data-model.md, Notifications). */
const NOTIFICATION = 'NOTIFICATION#';

export const notificationKeys = {
  notification: (userId: string, notificationId: string) =>
    keyOf<NotificationItem>(`${USER}${userId}`, `${NOTIFICATION}${notificationId}`),
  /** When a person's last mention mails were queued (functions/notifications/mention-mail-cap.ts): in their own partition, not the organization's. */
  mentionMails: (userId: string): Key => ({ PK: `${USER}${userId}`, SK: 'MENTION_MAILS' }),
  /** That a person's weekly digest of the week starting `monday` was queued: put with its mail, so a second run sends nothing (docs/decisions/061). */
  weeklyDigestMark: (userId: string, monday: string): Key => ({ PK: `${USER}${userId}`, SK: `DIGEST#${monday}` }),
} as const;

/**
 * A notification's keys in the weeklyDigest index (docs/decisions/061): the partition of its week
 * (the Monday) and of one of `shards` shares of the people, so a busy week's writes spread over
 * several partitions; sorted by organization, then person, then the notification, so a Query
 * hands each person's week over in one run of items.
 */
export function digestIndexKeys(orgId: string, userId: string, notificationId: string, monday: string, shards: number) {
  return { digestKey: digestWeekKey(monday, digestShardOf(userId, shards)), digestSort: `${orgId}#${userId}#${notificationId}` };
}

/** A week's (its Monday's) partition of one shard of the weeklyDigest index. */
export const digestWeekKey = (monday: string, shard: number) => `DIGEST#${monday}#${shard}`;

/** A person's shard: the same for all their notifications, so their week is in one partition. */
const digestShardOf = (userId: string, shards: number) => [...userId].reduce((sum, char) => sum + char.charCodeAt(0), 0) % shards;

/** The organization and person of a weeklyDigest index entry's sort key. */
export function digestOwnerOf(digestSort: string): { orgId: string; userId: string } {
  const [orgId = '', userId = ''] = digestSort.split('#');
  return { orgId, userId };
}

/** Partitions and sort-key prefixes for Queries. */
export const notificationCollections = {
  notificationsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: NOTIFICATION }),
} as const;
