import { UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { TABLE_NAME, db } from '../db/client';
import { collections, keys } from '../db/keys';
import type { StatusCounts } from './figures';
import { queryCollection } from '../db/query-collection';
import { updateExpression } from '../db/update-expression';

/** The counters a set of projects should have: the one recount, used by the repair script and the tests. */
export function countByStatus(projects: { status: ProjectStatus }[]): StatusCounts {
  const counts = Object.fromEntries(PROJECT_STATUSES.map((status) => [status, 0])) as StatusCounts;
  for (const project of projects) counts[project.status] += 1;
  return counts;
}

/**
 * Sets an organization's counters to a recount of its projects (one Query, one UpdateItem SET of
 * absolute values, so running it again changes nothing). The recent activity on the item is kept.
 * A project change between the Query and the SET would be lost: run it when the organization is quiet.
 */
export async function recountOrganization(orgId: string): Promise<StatusCounts> {
  const projects = await queryCollection<{ status: ProjectStatus }>(collections.projectsOfOrganization(orgId), {
    projection: '#status',
    names: { '#status': 'status' },
    consistentRead: true,
  });
  const counts = countByStatus(projects);
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.projectFigures(orgId),
      ...updateExpression({ set: Object.fromEntries(PROJECT_STATUSES.map((status) => [`count_${status}`, counts[status]])) }),
    }),
  );
  return counts;
}

/** Every organization's id: a Scan, acceptable only in this one-off operator script (never on a request path). */
export async function* organizationIds(): AsyncGenerator<string> {
  const pages = paginateScan({ client: db }, { TableName: TABLE_NAME, FilterExpression: 'SK = :org', ExpressionAttributeValues: { ':org': 'ORG' }, ProjectionExpression: 'id' });
  for await (const page of pages) for (const item of page.Items ?? []) yield String(item.id);
}
