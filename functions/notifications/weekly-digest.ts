import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { DashboardProject } from '../../shared/schemas/dashboard';
import { longDate } from '../billing/billing-notifications';
import { now, ttlAt } from '../clock';
import { dueSoonProjects, overdueProjects } from '../dashboard/reads';
import { TABLE_NAME, db } from '../db/client';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { conditionHeld, transactWrite } from '../db/transactions';
import type { DigestTopic } from '../events/change-event';
import { receivesList } from '../mail-subscriptions/subscriptions';
import type { DigestLine, DigestSection, WeeklyDigestMailData } from '../mailer/mail';
import { outboxPut } from '../mailer/outbox';
import { weekOf } from '../projects/figures';
import { projectIdsOfMember } from '../projects/memberships';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { DIGEST_SHARDS } from './digest-index';
import type { NotificationItem } from './item';
import { digestOwnerOf, digestWeekKey, notificationKeys } from './keys';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lines a section shows; the rest are counted ('and 12 more'), so a mail stays readable and its outbox item small. */
export const DIGEST_LINES_MAX = 10;
/** People whose user items one BatchGetItem reads. */
const PEOPLE_PER_READ = 100;
/** People whose digests are built and written at once: enough to hide the round trips, few enough to stay well under the table's rates. */
const PEOPLE_AT_ONCE = 10;
/** A mark outlives its Monday by the week: EventBridge's retries and a repeated run that day find it. */
const KEEP_MARK_MS = 14 * DAY_MS;

/** What the index holds of a notification (its projection). */
type DigestEntry = Pick<NotificationItem, 'content' | 'linkUrl' | 'createdAt'> & { digestSort: string; digestTopic: DigestTopic };

interface Person {
  orgId: string;
  userId: string;
  /** Oldest first, as the index sorts them. */
  entries: DigestEntry[];
}

export interface WeeklyDigestRun {
  /** The week told of (its Monday); undefined when the run is not on a Monday. */
  week?: string;
  /** People with something in that week. */
  people: number;
  sent: number;
  /** Sent earlier the same Monday (a retried or a second run). */
  alreadySent: number;
  /** Left the digest by its unsubscribe link, or removed since. */
  skipped: number;
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Everyone with a notification the digest tells of in the week starting `monday`, their entries
 * with them: each shard's partition of the weeklyDigest index, a Query per MB (never a Scan). The
 * index sorts by organization and person, so each person's entries come together.
 */
async function* peopleOfWeek(monday: string): AsyncGenerator<Person[]> {
  for (let shard = 0; shard < DIGEST_SHARDS; shard += 1) {
    const people = new Map<string, Person>();
    const pages = paginateQuery(
      { client: db },
      {
        TableName: TABLE_NAME,
        IndexName: 'weeklyDigest' satisfies IndexName,
        KeyConditionExpression: 'digestKey = :week',
        ExpressionAttributeValues: { ':week': digestWeekKey(monday, shard) },
      },
    );
    for await (const page of pages) {
      for (const entry of (page.Items ?? []) as DigestEntry[]) {
        const owner = digestOwnerOf(entry.digestSort);
        const id = `${owner.orgId}#${owner.userId}`;
        const person = people.get(id) ?? { ...owner, entries: [] };
        person.entries.push(entry);
        people.set(id, person);
      }
    }
    if (people.size > 0) yield [...people.values()];
  }
}

/** The newest lines first, at most DIGEST_LINES_MAX of them. */
function sectionOf(lines: DigestLine[]): DigestSection {
  return { lines: lines.slice(0, DIGEST_LINES_MAX), more: Math.max(0, lines.length - DIGEST_LINES_MAX) };
}

const entriesOf = (person: Person, topic: DigestTopic): DigestLine[] =>
  person.entries
    .filter((entry) => entry.digestTopic === topic)
    .reverse()
    .map((entry) => ({ text: entry.content, path: entry.linkUrl ?? '/' }));

const projectLine = (project: DashboardProject, words: string): DigestLine => ({
  text: `${project.name}, ${words} ${longDate(project.dueDate!)}`,
  path: `/projects/${project.id}`,
});

/** The organization's open projects a digest run looks among for each list: a person's are filtered out of them. */
const DIGEST_DUE_READ_MAX = 1_000;

/** An organization's open projects overdue and due this week: two Queries of the open-due index, read once a run per organization. */
interface DueLists {
  overdue: DashboardProject[];
  dueThisWeek: DashboardProject[];
}

/**
 * One person's digest, or none when there is nothing to read: their projects due this week and
 * overdue (the organization's lists, kept to the projects they are a member of: one Query of their
 * memberships), and what the index holds of their week.
 */
async function digestOf(
  person: Person,
  user: UserItem,
  due: DueLists,
  monday: string,
): Promise<WeeklyDigestMailData | undefined> {
  const mine =
    due.overdue.length + due.dueThisWeek.length > 0 ? await projectIdsOfMember(person.orgId, person.userId) : new Set<string>();
  const data: WeeklyDigestMailData = {
    fullName: user.fullName,
    recipient: { userId: user.id, orgId: user.orgId },
    week: monday,
    mentions: sectionOf(entriesOf(person, 'mention')),
    dueThisWeek: sectionOf(
      due.dueThisWeek.filter((project) => mine.has(project.id)).map((project) => projectLine(project, 'due')),
    ),
    // The most recently overdue first: what slipped lately matters more than what was given up on.
    overdue: sectionOf(
      due.overdue
        .filter((project) => mine.has(project.id))
        .reverse()
        .map((project) => projectLine(project, 'was due')),
    ),
    statusChanges: sectionOf(entriesOf(person, 'status')),
    comments: sectionOf(entriesOf(person, 'comment')),
  };
  const sections = [data.mentions, data.dueThisWeek, data.overdue, data.statusChanges, data.comments];
  return sections.some((section) => section.lines.length > 0) ? data : undefined;
}

/** The digest's mail and the week's mark in one transaction: false when the mark was already there (sent before). */
function queueDigest(user: UserItem, data: WeeklyDigestMailData, at: Date): Promise<boolean> {
  const mark = {
    ...notificationKeys.weeklyDigestMark(user.id, data.week),
    type: 'DIGEST_SENT',
    sentAt: at.toISOString(),
    ttl: ttlAt(at.getTime() + KEEP_MARK_MS),
  };
  return conditionHeld(
    transactWrite([
      { Put: { TableName: TABLE_NAME, Item: mark, ConditionExpression: 'attribute_not_exists(PK)' } },
      outboxPut(user.username, { template: 'weekly-digest', data }),
    ]),
  );
}

/**
 * Monday's run (functions/notifications/weekly-digest-handler.ts): everyone with activity in their
 * projects last week (Monday to Sunday, UTC, as the due-date reminders' days) gets one mail of it,
 * with their projects due this week and overdue; nobody with nothing to read, nobody who left the
 * digest, and nobody twice for a week however often it runs. On other days it does nothing.
 */
export async function sendWeeklyDigests(at: Date = now()): Promise<WeeklyDigestRun> {
  const run: WeeklyDigestRun = { people: 0, sent: 0, alreadySent: 0, skipped: 0 };
  if (at.getUTCDay() !== 1) return run;
  const today = dayOf(at.getTime());
  const monday = weekOf(dayOf(at.getTime() - 7 * DAY_MS));
  run.week = monday;
  const dueLists = new Map<string, Promise<DueLists>>();
  const dueOf = (orgId: string) => {
    if (!dueLists.has(orgId)) {
      const lists = Promise.all([
        overdueProjects(orgId, today, DIGEST_DUE_READ_MAX),
        dueSoonProjects(orgId, today, dayOf(at.getTime() + 6 * DAY_MS), DIGEST_DUE_READ_MAX),
      ]);
      dueLists.set(
        orgId,
        lists.then(([overdue, dueThisWeek]) => ({ overdue: overdue.projects, dueThisWeek: dueThisWeek.projects })),
      );
    }
    return dueLists.get(orgId)!;
  };

  const send = async (person: Person, user: UserItem | undefined) => {
    if (!user || !receivesList(user, 'weekly-digest')) {
      run.skipped += 1;
      return;
    }
    const data = await digestOf(person, user, await dueOf(person.orgId), monday);
    if (!data) return;
    if (await queueDigest(user, data, at)) run.sent += 1;
    else run.alreadySent += 1;
  };

  for await (const people of peopleOfWeek(monday)) {
    run.people += people.length;
    for (let start = 0; start < people.length; start += PEOPLE_PER_READ) {
      const chunk = people.slice(start, start + PEOPLE_PER_READ);
      const users = await batchGet(chunk.map((person) => userKeys.user(person.orgId, person.userId)));
      for (let next = 0; next < chunk.length; next += PEOPLE_AT_ONCE) {
        await Promise.all(
          chunk
            .slice(next, next + PEOPLE_AT_ONCE)
            .map((person) => send(person, users.get(keyId(userKeys.user(person.orgId, person.userId))) as UserItem | undefined)),
        );
      }
    }
  }
  return run;
}
