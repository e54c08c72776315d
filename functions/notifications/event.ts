import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import type { DueReminderMailData } from '../mailer/mail';
import type { MembershipChange } from '../projects/memberships';
import { withDigestIndex } from './digest-index';
import { type NotificationItem, type NotificationMessage, newNotification } from './item';
import { notificationKeys } from './keys';

/**
 * `EVENT#<ulid> / EVENT`: one change that notifies users or moves the organization's figures,
 * written in the change's own transaction instead of a notification per recipient and an update of
 * an item every change of the organization shares; the table's stream hands it to the fan-out
 * (functions/notifications/fan-out.ts), which writes the notifications and adds the figures
 * (functions/projects/figures-from-events.ts, docs/decisions/032).
 */
export interface NotificationEventItem {
  type: 'EVENT';
  id: string;
  orgId: string;
  /** Distinct user ids of the organization, never the actor. */
  recipientIds: string[];
  /**
   * Every member of a project but the actor, as its member set holds them when the consumer reads it:
   * a change notifies up to 500 members without writing 500 ids into the request's event (docs/decisions/037).
   */
  audience?: ProjectAudience;
  /** What the change does to the members' own items (functions/projects/memberships.ts), applied by the consumer. */
  memberships?: MembershipChange[];
  /** A user whose name, role or avatar changed: the consumer renews the copies in their projects' member sets (docs/decisions/063). */
  profileOf?: string;
  /** Absent when nobody is notified. */
  message?: NotificationMessage;
  /**
   * People mentioned in a comment: each gets this message instead of `message` (never both) and a
   * mail, written by the consumer with the notification (docs/decisions/048).
   */
  mentioned?: MentionNotice;
  /** A mail each recipient of `message` also gets (a due-date reminder), written by the consumer with the notification. */
  mail?: AudienceMail;
  /** What the change adds to the figures item's counters (attribute → ±n); absent when none moves. */
  figures?: Record<string, number>;
  /** Set by the consumer in the same transaction as the figures' ADD: counted once however often it is delivered. */
  countedAt?: string;
  createdAt: string;
  /** Epoch seconds: the stream keeps a record a day; a week leaves time to look at a dead letter's event. */
  ttl: number;
}

/** Whom a comment mentions (ids of the organization's users, never the author), what they are told, and their mail's words. */
export interface MentionNotice {
  recipientIds: string[];
  message: NotificationMessage;
  mail: { authorName: string; projectName: string; excerpt: string };
}

/** The mail of every recipient of an event's `message`, less what the consumer adds per person (their name). */
export type AudienceMail = { template: 'due-reminder'; data: Omit<DueReminderMailData, 'fullName'> };

/** A project's members but one, named rather than listed. */
export interface ProjectAudience {
  projectId: string;
  exceptId: string;
}

/** A new event's id: a ULID of the functions' clock, so events sort by when their changes were made. */
export const newEventId = () => ulid(now().getTime());

const KEEP_EVENT_MS = 7 * 24 * 60 * 60 * 1000;

/** What else an event may carry besides its listed recipients and figures. */
interface EventExtras {
  /**
   * Its id, when the change's other writes name it (newEventId): such an event is written even if it
   * notifies nobody and moves nothing, since the stream consumer marks it (docs/decisions/067).
   */
  id?: string;
  audience?: ProjectAudience;
  memberships?: MembershipChange[];
  profileOf?: string;
  mentioned?: MentionNotice;
  mail?: AudienceMail;
}

/** The event's Put for the change's transaction; none when nobody is to be notified, no counter moves, no membership and no profile changes, unless its id is given. */
export function notificationEventPut(
  orgId: string,
  recipientIds: string[],
  message: NotificationMessage | undefined,
  figures?: Record<string, number>,
  extras: EventExtras = {},
): TransactItem[] {
  const moved = Object.fromEntries(Object.entries(figures ?? {}).filter(([, delta]) => delta !== 0));
  const counted = Object.keys(moved).length > 0;
  const memberships = (extras.memberships ?? []).filter((change) => change.added.length + change.removed.length > 0);
  const notifies = (recipientIds.length > 0 || extras.audience !== undefined) && message !== undefined;
  const mentions =
    extras.mentioned && extras.mentioned.recipientIds.length > 0
      ? { ...extras.mentioned, recipientIds: [...new Set(extras.mentioned.recipientIds)] }
      : undefined;
  if (!notifies && !mentions && !counted && memberships.length === 0 && extras.profileOf === undefined && extras.id === undefined)
    return [];
  const createdAt = now();
  const item: NotificationEventItem = {
    type: 'EVENT',
    id: extras.id ?? newEventId(),
    orgId,
    recipientIds: [...new Set(recipientIds)],
    ...(notifies ? { message } : {}),
    ...(notifies && extras.audience ? { audience: extras.audience } : {}),
    ...(notifies && extras.mail ? { mail: extras.mail } : {}),
    ...(mentions ? { mentioned: mentions } : {}),
    ...(memberships.length > 0 ? { memberships } : {}),
    ...(extras.profileOf !== undefined ? { profileOf: extras.profileOf } : {}),
    ...(counted ? { figures: moved } : {}),
    createdAt: createdAt.toISOString(),
    ttl: ttlAt(createdAt.getTime() + KEEP_EVENT_MS),
  };
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...notificationKeys.notificationEvent(item.id), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The one notification an event makes for a recipient. Its id is a ULID with the event's time and
 * a randomness derived from (event, recipient): a redelivered event names the same item, so the
 * conditional Put refuses it instead of notifying twice, and the list still sorts by time.
 */
export function eventNotification(event: NotificationEventItem, message: NotificationMessage, userId: string): NotificationItem {
  return withDigestIndex(
    event.orgId,
    newNotification(userId, message, { id: eventDerivedId(event, userId), createdAt: event.createdAt }),
    message.digest,
  );
}

/** A ULID with the event's time and a randomness derived from (event, name): the same for every delivery of the event. */
export function eventDerivedId(event: Pick<NotificationEventItem, 'id'>, name: string): string {
  const digest = createHash('sha256').update(`${event.id}#${name}`).digest();
  const randomness = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % CROCKFORD.length]).join('');
  return `${event.id.slice(0, 10)}${randomness}`;
}
