import { UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type FiguresItem, type StatusCounts, figuresOfProjects, isFigureAttribute, statusCounts } from './figures';
import { projectCollections, projectKeys } from './keys';

/** The counters a set of projects should have: the one recount, used by the repair script and the tests. */
export function countByStatus(projects: { status: ProjectStatus }[]): StatusCounts {
  const counts = Object.fromEntries(PROJECT_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const project of projects) counts[project.status] += 1;
  return counts;
}

/**
 * Sets an organization's figures item to a recount of its projects: the counters by status and
 * by week created are SET to absolute values and every other counter (a week with no project left,
 * the recent entries earlier versions kept there) is removed, so running it again changes nothing.
 * Activity entries written before the organization feed get their `feedKey`. Events the stream
 * consumer has not added yet would be added on top: run it when the organization is quiet and the
 * stream has drained.
 */
export async function recountOrganization(orgId: string): Promise<StatusCounts> {
  const [projects, current] = await Promise.all([
    queryCollection<{ status: ProjectStatus; createdAt: string }>(projectCollections.projectsOfOrganization(orgId), {
      projection: '#status, createdAt',
      names: { '#status': 'status' },
      consistentRead: true,
    }),
    getItem<FiguresItem>(projectKeys.projectFigures(orgId), { consistentRead: true }),
  ]);
  const figures = figuresOfProjects(projects);
  const stale = Object.keys(current ?? {}).filter((name) => isFigureAttribute(name) && !(name in figures));
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: projectKeys.projectFigures(orgId),
      ...updateExpression({ set: figures, remove: stale }),
    }),
  );
  await feedOlderEntries(orgId);
  return statusCounts(figures);
}

/** Gives entries written before the feed existed their `feedKey` (their id); entries that have one are left alone. */
async function feedOlderEntries(orgId: string) {
  const older = await queryCollection<{ PK: string; SK: string; id: string }>(projectCollections.activityOfOrganization(orgId), {
    projection: 'PK, SK, id',
    filter: { expression: 'attribute_not_exists(feedKey)', values: {} },
  });
  for (const entry of older) {
    await conditionHeld(
      db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { PK: entry.PK, SK: entry.SK },
          ...updateExpression({ set: { feedKey: entry.id } }, { expression: 'attribute_exists(PK)' }),
        }),
      ),
    );
  }
}

/** Every organization's id: a Scan, acceptable only in this one-off operator script (never on a request path). */
export async function* organizationIds(): AsyncGenerator<string> {
  const pages = paginateScan(
    { client: db },
    {
      TableName: TABLE_NAME,
      FilterExpression: 'SK = :org',
      ExpressionAttributeValues: { ':org': 'ORG' },
      ProjectionExpression: 'id',
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) yield String(item.id);
}
