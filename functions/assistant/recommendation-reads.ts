import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { addDays, formatISO, parseISO } from 'date-fns';
import { BUSY_WINDOW_DAYS, PLANNING_DUE_DAYS, RECOMMENDATIONS_MAX } from '../../shared/limits';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { organizationKeys } from '../organization/keys';
import { dueKeyThrough, openDueBefore, openDueThrough, projectKeys, statusKeyPrefix } from '../projects/keys';
import type { MemberSetItem } from '../projects/member-set';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';

/**
 * The recommendations' reads, each bounded whatever the organization's size (docs/decisions/116):
 * five Queries of the project indexes and the activity feed side by side, then the member sets of
 * the projects they found in one BatchGetItem, then the names of the BUSY_NAMED people on the most
 * projects due soon (when those projects have members). Every index read is eventually consistent, as the dashboard's.
 */

/** How many In Progress projects, oldest first, are looked at for 'no activity lately'. */
export const STALE_CANDIDATES = 15;
/** How many of the organization's newest activity entries say which of those had activity. */
export const FEED_ENTRIES = 100;
/** How many open projects due soonest are counted per person for 'stretched thin' (the dashboard's count, plus one). */
export const BUSY_PROJECTS_READ = 51;
/** The people on the most projects due soon whose names are read (by key), stretched thin or not. */
export const BUSY_NAMED = 5;

export interface ProjectSeen {
  id: string;
  name: string;
  status: string;
  dueDate: string | null;
  updatedAt?: string;
}

export interface RecommendationSources {
  today: string;
  overdue: ProjectSeen[];
  planningDueSoon: ProjectSeen[];
  inProgressOldest: ProjectSeen[];
  /** The organization's newest activity entries: which project, when. */
  recentActivity: { projectId: string; createdAt: string }[];
  /** Open projects due from today through BUSY_WINDOW_DAYS ahead, soonest first. */
  dueWithinWindow: ProjectSeen[];
  /** The member ids of every project above, by project id (a project without a set has none). */
  membersOf: Map<string, string[]>;
}

const dayAfter = (day: string, days: number) => formatISO(addDays(parseISO(day), days), { representation: 'date' });

async function query<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const out = await db.send(new QueryCommand({ TableName: TABLE_NAME, ...input }));
  return (out.Items ?? []) as T[];
}

const PROJECT_FIELDS = {
  ProjectionExpression: 'id, #name, #status, dueDate',
  ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
};

function openDue(orgId: string, condition: string, values: Record<string, string>, limit: number) {
  return query<ProjectSeen>({
    IndexName: 'openProjectsByDueDate' satisfies IndexName,
    KeyConditionExpression: `PK = :pk AND ${condition}`,
    ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK, ...values },
    ...PROJECT_FIELDS,
    Limit: limit,
  });
}

export async function recommendationSources(orgId: string, today: string): Promise<RecommendationSources> {
  const pk = organizationKeys.organization(orgId).PK;
  const planning = statusKeyPrefix('planning');
  const inProgress = keyBeginsWith('statusCreatedKey', statusKeyPrefix('in_progress'));
  const [overdue, planningDueSoon, inProgressOldest, recentActivity, dueWithinWindow] = await Promise.all([
    // Most overdue first: the oldest open due dates.
    openDue(orgId, 'openDueKey < :to', { ':to': openDueBefore(today) }, RECOMMENDATIONS_MAX),
    query<ProjectSeen>({
      IndexName: 'projectsByStatusDue' satisfies IndexName,
      KeyConditionExpression: 'PK = :pk AND statusDueKey BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':from': `${planning}${today}`,
        ':to': `${planning}${dueKeyThrough(dayAfter(today, PLANNING_DUE_DAYS))}`,
      },
      ...PROJECT_FIELDS,
      Limit: RECOMMENDATIONS_MAX,
    }),
    // The longest-running first: ids are ULIDs, so creation order.
    query<ProjectSeen>({
      IndexName: 'projectsByStatusCreated' satisfies IndexName,
      KeyConditionExpression: `PK = :pk AND ${inProgress.expression}`,
      ExpressionAttributeValues: { ':pk': pk, ...inProgress.values },
      ProjectionExpression: 'id, #name, #status, dueDate, updatedAt',
      ExpressionAttributeNames: PROJECT_FIELDS.ExpressionAttributeNames,
      Limit: STALE_CANDIDATES,
    }),
    query<{ projectId: string; createdAt: string }>({
      IndexName: 'organizationActivity' satisfies IndexName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'projectId, createdAt',
      ScanIndexForward: false,
      Limit: FEED_ENTRIES,
    }),
    openDue(
      orgId,
      'openDueKey BETWEEN :from AND :to',
      { ':from': openDueBefore(today), ':to': openDueThrough(dayAfter(today, BUSY_WINDOW_DAYS)) },
      BUSY_PROJECTS_READ,
    ),
  ]);
  const ids = [
    ...new Set([...overdue, ...planningDueSoon, ...inProgressOldest, ...dueWithinWindow].map((project) => project.id)),
  ];
  const sets = ids.length === 0 ? new Map() : await batchGet(ids.map((id) => projectKeys.projectMembers(orgId, id)));
  const membersOf = new Map(
    ids.map((id) => [id, (sets.get(keyId(projectKeys.projectMembers(orgId, id))) as MemberSetItem | undefined)?.memberIds ?? []]),
  );
  return { today, overdue, planningDueSoon, inProgressOldest, recentActivity, dueWithinWindow, membersOf };
}

/** The full names of the people named (at most BUSY_NAMED, by key in the organization: no one else is found). */
export async function namesOf(orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await batchGet(userIds.slice(0, BUSY_NAMED).map((id) => userKeys.user(orgId, id)));
  return new Map(
    userIds.flatMap((id) => {
      const user = found.get(keyId(userKeys.user(orgId, id))) as UserItem | undefined;
      return user ? [[id, user.fullName] as const] : [];
    }),
  );
}
