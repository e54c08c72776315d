import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { newComment } from '../../functions/comments/item';
import { commentKeys } from '../../functions/comments/keys';
import { invitationEmailItem, newInvitation } from '../../functions/invitations/item';
import { invitationKeys } from '../../functions/invitations/keys';
import { notificationPut } from '../../functions/notifications/writes';
import { newOrganization } from '../../functions/organization/item';
import { organizationKeys } from '../../functions/organization/keys';
import { activityEntry, activityPut } from '../../functions/projects/activity';
import { figuresItem } from '../../functions/projects/figures';
import type { ProjectItem } from '../../functions/projects/item';
import { newProject, projectRecord } from '../../functions/projects/item';
import { projectKeys, projectMembersKey } from '../../functions/projects/keys';
import { listCopyOf } from '../../functions/projects/list-copies';
import { memberSetWrite } from '../../functions/projects/member-set';
import { type MemberProfile, type MembershipItem, memberProfileOf } from '../../functions/projects/memberships';
import { wordItems } from '../../functions/projects/words';
import { newMailToken } from '../../functions/security/mail-tokens';
import { hashPassword } from '../../functions/security/passwords';
import { type UserItem, newUser } from '../../functions/user/item';
import { userPuts } from '../../functions/user/writes';
import { PROJECT_STATUSES } from '../../shared/project-statuses';
import type { CreateProjectRequest } from '../../shared/schemas/projects';

export interface SeedOptions {
  /** Used in the organization's name and every email, so several seeds can share one table. */
  label: string;
  projects: number;
  /** Members of each project (drawn from the organization's users; more users are made when needed). */
  membersPerProject: number;
  /** Staff users besides the admin. */
  staff: number;
  /** Unread notifications per user. */
  notificationsPerUser: number;
  /** Only the first N users (the admin first) get notifications; all of them when omitted. */
  notifiedUsers?: number;
  /**
   * A real organization's look (the scale bench): people's names from larger lists, project names
   * of a team, word by word, and descriptions of this many characters. The default's short names
   * and descriptions when omitted.
   */
  realistic?: { descriptionLength: number };
  /** The day ('YYYY-MM-DD') due dates are spread around (the API's today, where its clock is shifted); the seeding day when omitted. */
  dueAround?: string;
  /** Comments on the first project by the admin, each with the 'commented' activity entry the API writes along; none when omitted. */
  commentsOnFirstProject?: number;
  /** Pending invitations sent by the admin (their links are not kept); none when omitted. */
  invitations?: number;
  /** What the project of this index (0 first) is created with instead of the seed's own name, description, status or due date. */
  projectOf?: (index: number) => Partial<CreateProjectRequest>;
  password: string;
}

interface SeededUser {
  id: string;
  email: string;
  fullName: string;
  role: 'admin' | 'staff';
}

export interface SeededOrganization {
  orgId: string;
  name: string;
  password: string;
  admin: SeededUser;
  staff: SeededUser[];
  projectIds: string[];
  /** How many items were written. */
  items: number;
}

type Item = Record<string, unknown>;

const FIRST_NAMES = [
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
];
const LAST_NAMES = [
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
];
const MORE_FIRST_NAMES = [
  'Amara',
  'Bruno',
  'Chen',
  'Dalia',
  'Emil',
  'Fatima',
  'Goran',
  'Hana',
  'Ivan',
  'Jasmin',
  'Kofi',
  'Lena',
  'Mateo',
  'Nadia',
  'Oskar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zara',
  'Aiko',
  'Bilal',
  'Carmen',
  'Dmitri',
];
const MORE_LAST_NAMES = [
  'Okafor',
  'Schmidt',
  'Nakamura',
  'Haddad',
  'Kowalski',
  'Fernandes',
  'Lindqvist',
  'Mensah',
  'Petrov',
  'Rossi',
  'Sato',
  'Tanaka',
  'Novak',
  'Ibrahim',
  'Moreau',
  'Jensen',
  'Kaur',
  'Laine',
  'Murphy',
  'Nguyen',
  'Oliveira',
  'Park',
  'Quispe',
  'Richter',
  'Silva',
  'Torres',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
];
const PROJECT_AREAS = [
  'EMEA',
  'Americas',
  'Partner',
  'Product',
  'Retail',
  'Enterprise',
  'Holiday',
  'Mobile',
  'Customer',
  'Community',
  'Field',
  'Brand',
];
const PROJECT_TOPICS = [
  'launch campaign',
  'newsletter revamp',
  'referral program',
  'webinar series',
  'SEO audit',
  'landing pages',
  'onboarding emails',
  'pricing page',
  'case studies',
  'press kit',
  'trade show',
  'loyalty offer',
  'social calendar',
  'video ads',
  'analytics review',
  'podcast pilot',
];
const DESCRIPTION_TEXT =
  'Plan the work with the team, agree on goals and the budget, write the brief, line up design and copy, review the drafts with stakeholders, schedule the channels, launch on the agreed day, watch the numbers for two weeks and write down what to keep and what to change for the next round. ';
const PROJECT_WORDS = [
  'Spring launch',
  'Newsletter revamp',
  'Referral program',
  'Webinar series',
  'SEO audit',
  'Brand refresh',
  'Q3 campaign',
  'Onboarding emails',
];

/**
 * Writes one whole organization straight into the table, item shapes and keys from the same entity
 * and data modules the handlers use (functions/entities/, users.ts, notification-writes.ts, keys.ts), with BatchWriteItem
 * (25 items a call, a few calls in flight) so thousands of items take seconds, not minutes.
 */
export async function seedOrganization(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: SeedOptions,
): Promise<SeededOrganization> {
  // The organization first, then its projects a millisecond apart, all before the seed returns: the
  // list's creation order (ULID ids) is the index order, and a project the API creates afterwards comes last.
  const start = Date.now() - options.projects - 1;
  const now = new Date(start).toISOString();
  const org = newOrganization({
    name: `${options.label} Marketing`,
    plan: 'professional',
    billingCycle: 'monthly',
    createdAt: now,
  });
  const orgId = org.id;
  // One bcrypt hash for everyone: the password is shared and hashing is the slow part of seeding.
  const passwordHash = await hashPassword(options.password);
  const userCount = 1 + Math.max(options.staff, options.membersPerProject - 1);
  const notified = options.notifiedUsers ?? userCount;
  const users: UserItem[] = Array.from({ length: userCount }, (_, index) => ({
    ...newUser({
      orgId,
      username: index === 0 ? `admin@${options.label}.example.com` : `staff${index}@${options.label}.example.com`,
      fullName: options.realistic
        ? `${MORE_FIRST_NAMES[index % MORE_FIRST_NAMES.length]} ${MORE_LAST_NAMES[(index * 7 + Math.floor(index / MORE_LAST_NAMES.length)) % MORE_LAST_NAMES.length]}`
        : `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 5 + Math.floor(index / LAST_NAMES.length)) % LAST_NAMES.length]}${index >= FIRST_NAMES.length * LAST_NAMES.length ? ` ${index}` : ''}`,
      role: index === 0 ? 'admin' : 'staff',
      passwordHash,
      emailVerified: false,
      createdAt: now,
    }),
  }));

  // Counted as the API's creates count them (one admin, every user, none with two-factor).
  const items: Item[] = [
    { ...organizationKeys.organization(orgId), ...org, userCount: users.length, membersWithoutTwoFactor: users.length },
  ];
  for (const user of users) items.push(...userPuts(user).map((write) => write.Put.Item as Item));

  // What a PUT of members copies onto each new membership (docs/decisions/103).
  const profiles = Object.fromEntries(users.map((user) => [user.id, memberProfileOf(user)]));
  const projectIds: string[] = [];
  // What the API's creates would have written along: a 'created' entry each, and the counters the stream consumer would have added.
  const projects: ProjectItem[] = [];
  for (let index = 0; index < options.projects; index += 1) {
    const memberIds = Array.from(
      { length: options.membersPerProject },
      (_, offset) => users[(index + offset) % users.length]!.id,
    );
    const createdAt = start + 1 + index;
    const made = newProject(
      orgId,
      {
        name: options.realistic
          ? `${PROJECT_AREAS[index % PROJECT_AREAS.length]} ${PROJECT_TOPICS[Math.floor(index / PROJECT_AREAS.length) % PROJECT_TOPICS.length]} ${index + 1}`
          : `${PROJECT_WORDS[index % PROJECT_WORDS.length]} ${index + 1}`,
        description: options.realistic
          ? DESCRIPTION_TEXT.repeat(Math.ceil(options.realistic.descriptionLength / DESCRIPTION_TEXT.length))
              .slice(0, options.realistic.descriptionLength)
              .trim()
          : index % 3 === 0
            ? null
            : `Seeded project ${index + 1} of ${options.label}.`,
        status: PROJECT_STATUSES[index % PROJECT_STATUSES.length]!,
        // Around the seeding day, as in a working organization: about a third overdue, a few due within the week.
        dueDate: index % 4 === 0 ? null : dayFrom(options.dueAround ?? now.slice(0, 10), ((index * 7) % 120) - 40),
        ...options.projectOf?.(index),
      },
      new Date(createdAt).toISOString(),
    );
    // An id of its own instant: ids made in one millisecond would sort at random.
    const project: ProjectItem = { ...made, id: ulid(createdAt) };
    projectIds.push(project.id);
    items.push({ ...projectRecord(project) }, ...wordItems(project), ...memberItems(project, [...new Set(memberIds)], profiles));
    items.push(activityPut(orgId, activityEntry(project, users[0]!, { action: 'created' })).Put!.Item as Item);
    projects.push(project);
  }
  items.push(figuresItem(orgId, projects));

  const [first] = projects;
  for (let index = 0; first && index < (options.commentsOnFirstProject ?? 0); index += 1) {
    // A millisecond apart after the projects, so the comments keep the order they were written in.
    const comment = newComment(
      orgId,
      first.id,
      users[0]!,
      `Seeded comment ${index + 1}: the draft is ready for review.`,
      [],
      new Date(start + options.projects + 1 + index),
    );
    items.push(
      { ...commentKeys.comment(orgId, first.id, comment.id), ...comment },
      activityPut(orgId, activityEntry(first, users[0]!, { action: 'commented' })).Put!.Item as Item,
    );
  }

  for (const user of users.slice(0, notified)) {
    for (let index = 0; index < options.notificationsPerUser; index += 1) {
      const projectId = projectIds.length ? projectIds[index % projectIds.length] : undefined;
      const write = notificationPut(user.id, {
        title: 'Added to project',
        content: `You were added to ${PROJECT_WORDS[index % PROJECT_WORDS.length]} ${(index % Math.max(1, options.projects)) + 1}.`,
        linkUrl: projectId ? `/projects/${projectId}` : null,
      });
      items.push(write.Put!.Item as Item);
    }
  }

  for (let index = 0; index < (options.invitations ?? 0); index += 1) {
    const invitation = newInvitation(
      {
        orgId,
        email: `invitee${index + 1}@${options.label}.example.com`,
        role: 'staff',
        invitedBy: users[0]!,
        tokenHash: newMailToken().hash,
      },
      Date.parse(now),
    );
    const hold = invitationEmailItem(invitation, Date.parse(now));
    items.push(
      { ...invitationKeys.invitation(orgId, invitation.id), ...invitation },
      { ...invitationKeys.invitationEmail(orgId, invitation.email), ...hold },
    );
  }

  await batchPut(db, tableName, items);
  const toSeeded = (user: UserItem): SeededUser => ({
    id: user.id,
    email: user.username,
    fullName: user.fullName,
    role: user.role,
  });
  return {
    orgId,
    name: org.name,
    password: options.password,
    admin: toSeeded(users[0]!),
    staff: users.slice(1).map(toSeeded),
    projectIds,
    items: items.length,
  };
}

/** The day `days` after a day, both 'YYYY-MM-DD'. */
const dayFrom = (day: string, days: number) => new Date(Date.parse(day) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** BatchWriteItem in chunks of 25, a few in flight, retrying what DynamoDB leaves unprocessed. */
export async function batchPut(db: DynamoDBDocumentClient, tableName: string, items: Item[], inFlight = 4) {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let writes = chunks[next++]!.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; writes.length > 0; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 2 ** attempt * 10)));
        if (attempt > 10) throw new Error('BatchWriteItem kept leaving items unprocessed');
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: writes } }));
        writes = (out.UnprocessedItems?.[tableName] ?? []) as typeof writes;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, chunks.length) }, worker));
}

/** A project's member set and its members' own items with their copies, as a PUT of members would have left them (docs/decisions/037, 103, 104). */
function memberItems(project: ProjectItem, memberIds: string[], profiles: Record<string, MemberProfile>): Item[] {
  if (memberIds.length === 0) return [];
  const { orgId, id: projectId } = project;
  const set = memberSetWrite(orgId, projectId, memberIds).Put!.Item as Item;
  const memberships = memberIds.map(
    (userId): Item =>
      ({
        ...projectKeys.membership(orgId, userId, projectId),
        type: 'MEMBERSHIP',
        orgId,
        userId,
        projectId,
        member: true,
        version: 0,
        projectMembersKey: projectMembersKey(orgId, projectId),
        profile: profiles[userId]!,
        ...listCopyOf(project).set,
      }) satisfies MembershipItem & Item,
  );
  return [set, ...memberships];
}
