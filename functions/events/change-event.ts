import { ulid } from 'ulid';
import { ULID } from '../../shared/ids';
import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import type { DueReminderMailData } from '../mailer/mail';
import { currentCausation } from './causation';
import type { Causation } from './causation';
import type { ChangeKind } from './change-kinds';
import { eventKeys } from './keys';

/**
 * What one resource's change asks of the others, in their shared words: the change event and what
 * it carries (a message to notify with, membership changes, a renewed profile, figures). Every
 * resource that writes for another imports this module and none of the others (issue 61), so the
 * resources depend one way; the consumer of the stream (functions/notifications/fan-out.ts) reads it.
 */

/** What a weekly digest tells of: a project's status changed, a comment on one's project, a mention of one. */
export type DigestTopic = 'status' | 'comment' | 'mention';

/** What a notification says and where it leads. */
export interface NotificationMessage {
  title: string;
  content: string;
  linkUrl: string | null;
  /** Set on what the weekly digest lists (a project's status change, a comment, a mention). */
  digest?: DigestTopic;
}

/**
 * A person removed from the organization (by an admin, or deactivated through SCIM), whom the stream
 * consumer takes off every project they were a member of (functions/projects/removed-member.ts): who
 * they were, and who removed them, as each project's 'members removed' entry names them.
 */
export interface RemovedMember {
  user: { id: string; fullName: string };
  actor: { id: string; fullName: string; avatarUrl: string | null };
}

/** What one change does to its project's memberships, carried by the change's event (applied by functions/projects/memberships.ts). */
export interface MembershipChange {
  projectId: string;
  /** The project's version after the change. */
  version: number;
  added: string[];
  removed: string[];
}

/**
 * `EVENT#<ulid> / EVENT`: one change that notifies users or moves the organization's figures,
 * written in the change's own transaction instead of a notification per recipient and an update of
 * an item every change of the organization shares; the table's stream hands it to the fan-out
 * (functions/notifications/fan-out.ts), which writes the notifications and adds the figures
 * (functions/projects/figures-from-events.ts, docs/decisions/032).
 */
export interface ChangeEventItem {
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
  /** A user whose name, role or avatar changed: the consumer renews the copies on their memberships (docs/decisions/103). */
  profileOf?: string;
  /** A person removed from the organization: the consumer takes them off their projects, after the request (issue 62, item 3). */
  removedMember?: RemovedMember;
  /** Absent when nobody is notified. */
  message?: NotificationMessage;
  /** What happened, for the consumers that act on changes (issue 64); `changeKind` repeats its kind for the bus rules' patterns. */
  change?: ChangeDescription;
  changeKind?: ChangeKind;
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

/** The project fields a 'project.updated' change names, each before and after. */
export type ChangedFields = Partial<
  Record<'name' | 'description' | 'dueDate' | 'status', { from: string | null; to: string | null }>
>;

/** Who made a change: a person, an automation ('Automation: <rule name>'), or the product itself (a due date's day). */
export interface ChangeActor {
  type: 'person' | 'automation' | 'system';
  id: string;
  name: string;
}

/**
 * What happened, in the words of whoever reacts to it (issue 64): the kind, the project, the actor
 * and, for a change an automation made, the run that made it (its causation chain).
 */
export interface ChangeDescription {
  kind: ChangeKind;
  projectId: string;
  actor: ChangeActor;
  fields?: ChangedFields;
  members?: { added: string[]; removed: string[] };
  comment?: { id: string; text: string };
  /** A 'project.due_soon' change: how many days ahead the due date is. */
  dueInDays?: number;
  causation?: Causation;
}

/** A change as its writer knows it: the event adds the causation of the run it is written in. */
export type ChangeOf = Omit<ChangeDescription, 'causation'>;

/** The actor of a change made by `actor` (an ActingUser): an automation's when written in a run. */
export function changeActor(actor: { id: string; fullName: string }): ChangeActor {
  if (currentCausation()) return { type: 'automation', id: actor.id, name: actor.fullName };
  // People have ULIDs; the product's own actors (SSO, SCIM, billing) have names for ids.
  return { type: ULID.test(actor.id) ? 'person' : 'system', id: actor.id, name: actor.fullName };
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
  removedMember?: RemovedMember;
  mentioned?: MentionNotice;
  mail?: AudienceMail;
  change?: ChangeOf;
}

/** The event's Put for the change's transaction; none when nobody is to be notified, no counter moves, no membership, profile or member removal changes, unless its id is given. */
export function changeEventPut(
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
  const nothing =
    !notifies &&
    !mentions &&
    !counted &&
    memberships.length === 0 &&
    extras.profileOf === undefined &&
    extras.removedMember === undefined &&
    extras.change === undefined;
  if (nothing && extras.id === undefined) return [];
  const createdAt = now();
  const item: ChangeEventItem = {
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
    ...(extras.removedMember !== undefined ? { removedMember: extras.removedMember } : {}),
    ...(counted ? { figures: moved } : {}),
    ...changeOf(extras.change),
    createdAt: createdAt.toISOString(),
    ttl: ttlAt(createdAt.getTime() + KEEP_EVENT_MS),
  };
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...eventKeys.changeEvent(item.id), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** The change and its kind, with the causation of the run the write is made in. */
function changeOf(change: ChangeOf | undefined): Pick<ChangeEventItem, 'change' | 'changeKind'> {
  if (!change) return {};
  const causation = currentCausation();
  return { change: { ...change, ...(causation ? { causation } : {}) }, changeKind: change.kind };
}

/**
 * For the transaction of a change of what the members lists show (a rename, a role, an avatar):
 * the version raise on the user's own update and the event that has the consumer renew the copies
 * on their memberships (functions/projects/member-profiles.ts, docs/decisions/103).
 */
export const profileVersionRaise = { profileVersion: 1 } as const;
export const profileChangedEvent = (orgId: string, userId: string): TransactItem[] =>
  changeEventPut(orgId, [], undefined, undefined, { profileOf: userId });
