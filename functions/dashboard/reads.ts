import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { collections, keys, openDueBefore, openDueThrough } from '../db/keys';
import type { IndexName } from '../db/table-definition';
import type { DashboardProject } from '../../shared/schemas/dashboard';
import type { ProjectItem } from '../projects/item';
import { projectIdsOfMember } from '../projects/memberships';

/**
 * The dashboard's bounded reads (docs/decisions/032): none reads more items as the organization
 * grows. Each is one Query; the handler sends them side by side.
 */

/** Open projects a due-date list reads at most: its count is exact up to this many. */
export const DUE_LIST_READ_MAX = 1_000;
/** The newest projects 'my projects' looks among (exact in organizations up to this many projects). */
export const MY_PROJECTS_READ_MAX = 500;

export interface CountedList {
  /** In the list's order (due date, or newest first), at most what was read. */
  projects: DashboardProject[];
  /** How many the read found (at most its bound). */
  count: number;
}

const openDueIndex: IndexName = 'openProjectsByDueDate';

/** Open projects due in [from, through] of the open-due index, earliest first: one Query of the narrow index. */
async function openDue(orgId: string, range: { before: string } | { from: string; through: string }): Promise<CountedList> {
  const condition = 'before' in range ? 'PK = :pk AND openDueKey < :to' : 'PK = :pk AND openDueKey BETWEEN :from AND :to';
  const values = 'before' in range ? { ':to': openDueBefore(range.before) } : { ':from': openDueBefore(range.from), ':to': openDueThrough(range.through) };
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: openDueIndex,
      KeyConditionExpression: condition,
      ExpressionAttributeValues: { ':pk': keys.organization(orgId).PK, ...values },
      Limit: DUE_LIST_READ_MAX,
    }),
  );
  const projects = ((out.Items ?? []) as DashboardProject[]).map(({ id, name, status, dueDate }) => ({ id, name, status, dueDate: dueDate ?? null }));
  return { projects, count: projects.length };
}

/** Overdue: open projects due before today, the most overdue first. */
export const overdueProjects = (orgId: string, today: string) => openDue(orgId, { before: today });

/** Due soon: open projects due from today through `through`. */
export const dueSoonProjects = (orgId: string, today: string, through: string) => openDue(orgId, { from: today, through });

/**
 * The caller's projects among the organization's newest MY_PROJECTS_READ_MAX, newest first: one
 * Query projecting what the list shows, and beside it the caller's memberships (one Query of their
 * own items, docs/decisions/037). Exact while the organization has at most that many projects;
 * above, it counts the caller's projects among the newest.
 */
export async function myRecentProjects(orgId: string, userId: string): Promise<CountedList> {
  const { PK, prefix } = collections.projectsOfOrganization(orgId);
  const [out, mine] = await Promise.all([
    db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
        ProjectionExpression: 'id, #name, #status, dueDate',
        ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
        ScanIndexForward: false,
        Limit: MY_PROJECTS_READ_MAX,
      }),
    ),
    projectIdsOfMember(orgId, userId),
  ]);
  const projects = ((out.Items ?? []) as Pick<ProjectItem, 'id' | 'name' | 'status' | 'dueDate'>[]).filter((project) => mine.has(project.id));
  return { projects: projects.map(({ id, name, status, dueDate }) => ({ id, name, status, dueDate: dueDate ?? null })), count: projects.length };
}
