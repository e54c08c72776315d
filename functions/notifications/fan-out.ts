import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { TABLE_NAME, db } from '../db/client';
import type { Key } from '../db/keys';
import { batchGet, keyId } from '../db/reads';
import { eachNewItem, newItems } from '../db/stream-batch';
import { transactEachOnce } from '../db/transact-each-once';
import { conditionHeld, type TransactItem } from '../db/transactions';
import type { AudienceMail, ChangeEventItem, MentionNotice, NotificationMessage } from '../events/change-event';
import { claimTry, dueParkedRecords, parkedAfterFailure, tryDone, tryFailed } from '../events/parked-records';
import { receivesList } from '../mail-subscriptions/subscriptions';
import type { Mail } from '../mailer/mail';
import { outboxPut } from '../mailer/outbox';
import { listOfTemplate } from '../mailer/unsubscribe-links';
import { countMetric } from '../observability/metrics';
import { countEventFigures } from '../projects/figures-from-events';
import type { ProjectRecord } from '../projects/item';
import { renewListCopiesOfProject } from '../projects/list-copies';
import { renewAddedMembersCopies, renewProfileCopies } from '../projects/member-profiles';
import { readMemberIds } from '../projects/member-set';
import { applyMembershipChanges } from '../projects/memberships';
import { takeRemovedMemberOffProjects } from '../projects/removed-member';
import { figureMovesOf } from '../projects/status-moves';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { eventDerivedId, eventNotification } from './event-notifications';
import type { NotificationItem } from './item';
import { notificationKeys } from './keys';
import { type MentionMailTimes, mentionMailAllowed, mentionMailTimesAfter } from './mention-mail-cap';

/**
 * Recipients written at once: their Puts are sent side by side, a chunk after the other. Few, so a
 * fan-out opens few connections at once (25 at once timed out connecting to a loaded DynamoDB Local).
 */
export const RECIPIENTS_PER_CHUNK = 5;

/**
 * The notification's Put on condition it does not exist yet: a redelivered event names the same
 * id (eventNotification), so the second Put fails and a notification read meanwhile stays read.
 */
function firstNotificationPut(notification: NotificationItem): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...notificationKeys.notification(notification.userId, notification.id), ...notification },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The person's record of their mention mails (mention-mail-cap.ts), in their own partition. */
const mentionMailTimesPut = (userId: string, mentionMailTimes: number[]): TransactItem => ({
  Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.mentionMails(userId), mentionMailTimes } },
});

/**
 * A chunk of recipients without mail: one conditional PutItem each, in the recipient's own
 * partition and nothing else (no counter, no transaction: docs/decisions/102), so a 500-member
 * project's change costs each recipient one write unit and its digest index entry. Answers how
 * many were new.
 */
async function notifyOnce(notifications: NotificationItem[]): Promise<number> {
  // Settled, not raced: the chunk's other writes end before a failure fails the record, so none is still under way when it is retried.
  const written = await Promise.allSettled(
    notifications.map((notification) => conditionHeld(db.send(new PutCommand(firstNotificationPut(notification).Put!)))),
  );
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const notified = written.filter((result) => result.status === 'fulfilled' && result.value).length;
  // Outside a transaction, so transactWrite does not count them.
  if (notified > 0) countMetric('NotificationsWritten', notified);
  return notified;
}

/**
 * Whom an event notifies: those it lists and, for a change of a project, the members its set holds
 * now but the actor (read strongly: a member removed before the fan-out is not notified).
 */
async function recipientsOf(event: ChangeEventItem): Promise<string[]> {
  if (!event.audience) return event.recipientIds;
  const { projectId, exceptId } = event.audience;
  const members = (await readMemberIds(event.orgId, projectId)).filter((id) => id !== exceptId);
  return [...new Set([...event.recipientIds, ...members])];
}

/**
 * People who get a mail with their notification, as they are now (a user removed since is left
 * out): per person the notification and the mail (unless they left the mail's list by its
 * unsubscribe link: docs/decisions/055; nor past a capped mail's hourly cap, whose record is
 * written beside them: mention-mail-cap.ts), in one transaction with the others of the chunk; the
 * mail's id is derived from the event as the notification's is, so a redelivery queues no second
 * mail (the notification's condition fails first and the person is left out). Every item is the
 * person's own or the mail's: none is in the organization's partition.
 */
async function notifyAndMail(
  event: ChangeEventItem,
  message: NotificationMessage,
  recipientIds: string[],
  mailOf: (person: UserItem) => Mail,
  { capped = false } = {},
): Promise<number> {
  // A capped mail counts each person's last mails (mention-mail-cap.ts): read strongly, so the event before this one is seen.
  const found = await batchGet(
    recipientIds.flatMap((id) => [userKeys.user(event.orgId, id), ...(capped ? [notificationKeys.mentionMails(id)] : [])]),
    { consistentRead: capped },
  );
  const at = Date.parse(event.createdAt);
  const people = recipientIds.flatMap((id) => found.get(keyId(userKeys.user(event.orgId, id))) ?? []) as unknown as UserItem[];
  const mailTimesOf = (person: UserItem) =>
    found.get(keyId(notificationKeys.mentionMails(person.id))) as MentionMailTimes | undefined;
  let notified = 0;
  for (let start = 0; start < people.length; start += RECIPIENTS_PER_CHUNK) {
    const chunk = people.slice(start, start + RECIPIENTS_PER_CHUNK);
    notified += await transactEachOnce(
      chunk,
      (pending) => {
        // Who each item is for: someone who left the mail's list gets one (no mail), others two or three.
        const owners: number[] = [];
        const items = pending.flatMap((person, entry) => {
          const mail = mailOf(person);
          const list = listOfTemplate(mail.template);
          const mailed = (!list || receivesList(person, list)) && (!capped || mentionMailAllowed(mailTimesOf(person), at));
          const written = [firstNotificationPut(eventNotification(event, message, person.id))];
          if (mailed && capped) written.push(mentionMailTimesPut(person.id, mentionMailTimesAfter(mailTimesOf(person), at)));
          if (mailed) written.push(outboxPut(person.username, mail, eventDerivedId(event, `${person.id}#mail`)));
          owners.push(...written.map(() => entry));
          return written;
        });
        return { items, entryOf: (itemIndex: number) => owners[itemIndex]! };
      },
      'Notifications with mail',
    );
  }
  return notified;
}

const mentionMailOf =
  (mentioned: MentionNotice) =>
  (person: UserItem): Mail => ({
    template: 'mention',
    data: {
      fullName: person.fullName,
      recipient: { userId: person.id, orgId: person.orgId },
      ...mentioned.mail,
      path: mentioned.message.linkUrl ?? '/',
    },
  });

// A list's mail names its recipient, for its unsubscribe link (functions/mailer/unsubscribe-links.ts).
const audienceMailOf =
  (mail: AudienceMail) =>
  (person: UserItem): Mail => ({
    template: mail.template,
    data: { fullName: person.fullName, recipient: { userId: person.id, orgId: person.orgId }, ...mail.data },
  });

/**
 * Every recipient of an event gets its notification exactly once however often it runs; the people
 * a comment mentions get their own message and a mail instead.
 */
export async function notifyRecipients(event: ChangeEventItem): Promise<number> {
  const { message, mentioned } = event;
  let notified = mentioned
    ? await notifyAndMail(event, mentioned.message, mentioned.recipientIds, mentionMailOf(mentioned), { capped: true })
    : 0;
  if (!message) return notified;
  const recipients = (await recipientsOf(event)).filter((id) => !mentioned?.recipientIds.includes(id));
  if (event.mail) return notified + (await notifyAndMail(event, message, recipients, audienceMailOf(event.mail)));
  for (let start = 0; start < recipients.length; start += RECIPIENTS_PER_CHUNK) {
    const chunk = recipients.slice(start, start + RECIPIENTS_PER_CHUNK);
    notified += await notifyOnce(chunk.map((userId) => eventNotification(event, message, userId)));
  }
  return notified;
}

type FanOutLog = (entry: Record<string, unknown>) => void;

/**
 * The fan-out of a stream batch of events and project changes (functions/handlers/notifications/fan-out-events.ts):
 * first the batch's figures (functions/projects/figures-from-events.ts), then per item its members'
 * own items and its notifications. A record that keeps failing is parked for the sweeper after its
 * stream tries (functions/events/parked-records.ts), so it neither stalls its shard nor is lost.
 */
export async function fanOutNotifications(
  records: DynamoDBRecord[],
  log: FanOutLog,
  /** Off where the figures have a consumer of their own (the change bus: functions/handlers/projects/count-figures.ts). */
  { figures = true } = {},
): Promise<DynamoDBBatchResponse> {
  const items = newItems<ChangeEventItem>(records);
  const events = items.filter((event) => event.type === 'EVENT');
  try {
    const counted = figures ? await countEventFigures(figureMovesOf(items)) : 0;
    if (counted > 0) log({ level: 'info', source: 'figures', events: events.length, counted });
  } catch (error) {
    log({ level: 'error', source: 'figures', events: events.length, error: String((error as Error)?.message ?? error) });
    // Each record's figures are its own: a parked one is counted by the sweeper with the rest of its work.
    const parked = await Promise.all(records.map((record) => parkedRecord(record, error, log)));
    return {
      batchItemFailures: records
        .filter((_, index) => !parked[index])
        .map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })),
    };
  }
  return eachNewItem<ChangeEventItem>(
    records,
    async (item, record) => {
      try {
        await fanOutItem(item, log);
      } catch (error) {
        if (await parkedRecord(record, error, log)) return;
        throw error;
      }
    },
    (event, error) =>
      log({ level: 'error', source: 'fan-out', eventId: event.id, error: String((error as Error)?.message ?? error) }),
  );
}

/** Counts a record's failure; true when it is now parked for the sweeper (the stream may go on). */
async function parkedRecord(record: DynamoDBRecord, error: unknown, log: FanOutLog): Promise<boolean> {
  const [image] = newItems<Record<string, unknown> & Key>([record]);
  if (!image) return true;
  const parked = await parkedAfterFailure('fan-out', image, record.eventName === 'MODIFY' ? 'MODIFY' : 'INSERT', error);
  if (parked) {
    countMetric('FanOutRecordsParked');
    log({ level: 'error', source: 'parked', key: `${image.PK} ${image.SK}`, error: String((error as Error)?.message ?? error) });
  }
  return parked;
}

/** One item's work after the figures: a project's list copies, or an event's memberships, removals, profiles and notifications. */
async function fanOutItem(event: ChangeEventItem, log: FanOutLog) {
  if ((event as { type: string }).type === 'PROJECT') {
    const project = event as unknown as ProjectRecord;
    if (project.listChangeId === undefined) return;
    const renewed = await renewListCopiesOfProject(project);
    log({ level: 'info', source: 'list-copies', projectId: project.id, orgId: project.orgId, renewed });
    return;
  }
  if (event.type !== 'EVENT') return;
  if (event.memberships?.length) {
    const written = await applyMembershipChanges(event.orgId, event.memberships);
    // After the memberships: a rename that looked for them before they existed is caught here.
    const renewed = await renewAddedMembersCopies(event.orgId, event.memberships);
    log({ level: 'info', source: 'memberships', eventId: event.id, orgId: event.orgId, written, renewed });
  }
  if (event.removedMember) {
    const projects = await takeRemovedMemberOffProjects(event.orgId, event.removedMember);
    log({ level: 'info', source: 'removed-member', eventId: event.id, orgId: event.orgId, projects });
  }
  if (event.profileOf !== undefined) {
    const renewed = await renewProfileCopies(event.orgId, event.profileOf);
    log({ level: 'info', source: 'member-profiles', eventId: event.id, orgId: event.orgId, renewed });
  }
  if (!event.message && !event.mentioned) return;
  const notified = await notifyRecipients(event);
  log({
    level: 'info',
    source: 'fan-out',
    eventId: event.id,
    orgId: event.orgId,
    recipients: event.recipientIds.length,
    audience: event.audience?.projectId,
    notified,
  });
}

/**
 * The sweep (every 5 minutes, functions/handlers/notifications/fan-out-events.ts): each
 * parked record due by `now`, claimed, fanned out again from its image (its figures too: the marks
 * count each once), then gone; a failure makes it due later, and after the last try it is left
 * 'failed' and counted in FanOutRecordsGivenUp. Answers how many it fanned out and gave up.
 */
export async function sweepParkedRecords(
  log: FanOutLog,
  now?: number,
  timeLeft: () => boolean = () => true,
): Promise<{ done: number; givenUp: number }> {
  let done = 0;
  let givenUp = 0;
  for (const due of await dueParkedRecords(now)) {
    // The rest stays due: the next sweep takes it.
    if (!timeLeft()) break;
    if (!(await claimTry(due, now))) continue;
    const item = due.item.image as unknown as ChangeEventItem;
    try {
      await countEventFigures(figureMovesOf([item]));
      await fanOutItem(item, log);
      await tryDone(due);
      done += 1;
    } catch (error) {
      log({ level: 'error', source: 'sweep', key: due.key.PK, error: String((error as Error)?.message ?? error) });
      if (await tryFailed(due, error, now)) {
        givenUp += 1;
        countMetric('FanOutRecordsGivenUp');
      }
    }
  }
  return { done, givenUp };
}
