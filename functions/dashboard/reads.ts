import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DASHBOARD_LIST_SIZE, type DashboardProject } from '../../shared/schemas/dashboard';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { organizationKeys } from '../organization/keys';
import type { ProjectItem } from '../projects/item';
import { openDueBefore, openDueThrough, projectCollections, projectKeys } from '../projects/keys';
import type { CopiedMembershipItem } from '../projects/memberships';

/**
 * The dashboard's bounded reads (docs/decisions/032, 065): none reads more items as the
 * organization grows. Each list is one Query of at most DASHBOARD_COUNT_MAX + 1 narrow items; the
 * handler sends them side by side.
 */

/**
 * How far a list counts: above, the dashboard shows '50+' (the count is a lower bound, `more`). Each
 * item counted is an item read, so the bound is what a list costs (docs/decisions/078).
 */
export const DASHBOARD_COUNT_MAX = 50;

export interface CountedList {
  /** In the list's order (due date, or newest first), at most what was read. */
  projects: DashboardProject[];
  /** How many the read found, at most DASHBOARD_COUNT_MAX. */
  count: number;
  /** Only when more may exist than were counted. */
  more?: true;
}

const openDueIndex: IndexName = 'openProjectsByDueDate';

const shownFields = ({
  id,
  name,
  status,
  dueDate,
}: Pick<ProjectItem, 'id' | 'name' | 'status' | 'dueDate'>): DashboardProject => ({ id, name, status, dueDate: dueDate ?? null });

/** What a read of at most `max` + 1 items found: DynamoDB answers where it stopped when it stopped at the Limit, so more may follow. */
const counted = <T>(items: T[], stoppedEarly: boolean, max = DASHBOARD_COUNT_MAX) => ({
  items: items.slice(0, max),
  count: Math.min(items.length, max),
  ...(stoppedEarly ? { more: true as const } : {}),
});

/** Open projects due in [from, through] of the open-due index, earliest first: one Query of the narrow index, at most `max` + 1 items. */
async function openDue(
  orgId: string,
  range: { before: string } | { from: string; through: string },
  max: number,
): Promise<CountedList> {
  const condition = 'before' in range ? 'PK = :pk AND openDueKey < :to' : 'PK = :pk AND openDueKey BETWEEN :from AND :to';
  const values =
    'before' in range
      ? { ':to': openDueBefore(range.before) }
      : { ':from': openDueBefore(range.from), ':to': openDueThrough(range.through) };
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: openDueIndex,
      KeyConditionExpression: condition,
      ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK, ...values },
      Limit: max + 1,
    }),
  );
  const { items, count, more } = counted((out.Items ?? []) as DashboardProject[], out.LastEvaluatedKey !== undefined, max);
  return { projects: items.map(shownFields), count, ...(more ? { more } : {}) };
}

/** Overdue: open projects due before today, the most overdue first, at most `max` (the dashboard's count by default). */
export const overdueProjects = (orgId: string, today: string, max = DASHBOARD_COUNT_MAX) =>
  openDue(orgId, { before: today }, max);

/** Due soon: open projects due from today through `through`, at most `max`. */
export const dueSoonProjects = (orgId: string, today: string, through: string, max = DASHBOARD_COUNT_MAX) =>
  openDue(orgId, { from: today, through }, max);

/** The caller's newest memberships (their own items, in the projects' creation order, docs/decisions/037), counted. */
async function newestMemberships(orgId: string, userId: string) {
  const { PK, prefix } = projectCollections.membershipsOfUser(orgId, userId);
  const memberships = keyBeginsWith('SK', prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${memberships.expression}`,
      FilterExpression: '#member = :member',
      ExpressionAttributeNames: { '#member': 'member' },
      ExpressionAttributeValues: { ':pk': PK, ...memberships.values, ':member': true },
      // The copy of the project each holds (docs/decisions/104) is what the list shows: no second read of them.
      ProjectionExpression: 'projectId, listed',
      ScanIndexForward: false,
      Limit: DASHBOARD_COUNT_MAX + 1,
    }),
  );
  return counted((out.Items ?? []) as Pick<CopiedMembershipItem, 'projectId' | 'listed'>[], out.LastEvaluatedKey !== undefined);
}

/**
 * My projects, newest first: one Query of the caller's newest memberships, counted, each with its
 * copy of the project (docs/decisions/104), instead of reading the organization's newest projects.
 * Only a membership not yet copied has its project read by key (one BatchGetItem); one whose
 * project was deleted a moment ago (the consumer has not ended it yet) is then left out.
 */
export async function myRecentProjects(orgId: string, userId: string): Promise<CountedList> {
  const memberships = await newestMemberships(orgId, userId);
  const newest = memberships.items.slice(0, DASHBOARD_LIST_SIZE);
  const uncopied = newest
    .filter((membership) => !membership.listed)
    .map((membership) => projectKeys.project(orgId, membership.projectId));
  const found = uncopied.length === 0 ? new Map() : await batchGet(uncopied);
  const projects = newest.flatMap((membership) => {
    const project =
      membership.listed ?? (found.get(keyId(projectKeys.project(orgId, membership.projectId))) as ProjectItem | undefined);
    return project ? [shownFields(project)] : [];
  });
  return { projects, count: memberships.count, ...(memberships.more ? { more: memberships.more } : {}) };
}
