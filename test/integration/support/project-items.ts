import { QueryCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { projectCollections, projectIndexKeys, projectKeys } from '../../../functions/projects/keys';
import type { ProjectStatus } from '../../../shared/project-statuses';
import { testTable } from './table';

/** Every project, member set and membership stored for an organization and these members, read strongly: what a migration's second run must leave as its first did. */
export async function storedProjectItems(orgId: string, userIds: string[]) {
  const { db, tableName } = testTable();
  const partitions = [`ORG#${orgId}`, ...userIds.map((id) => projectKeys.membership(orgId, id, '').PK)];
  const items = await Promise.all(
    partitions.map(
      async (pk) =>
        (
          await db.send(
            new QueryCommand({
              TableName: tableName,
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': pk },
              ConsistentRead: true,
            }),
          )
        ).Items!,
    ),
  );
  db.destroy();
  return items.flat().filter((item) => String(item.SK).startsWith('PROJECT#') || String(item.SK).startsWith('MEMBERS#'));
}

/** A project as a list test expects it: what the filters and orders read, and its members from its member set (docs/decisions/037). */
export interface ListedProject {
  id: string;
  name: string;
  status: ProjectStatus;
  dueDate: string | null;
  memberIds: string[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list's orders as the index keys define them: the same keys, compared by code unit (the seeded names are ASCII). */
export const LIST_ORDER: Record<string, (a: ListedProject, b: ListedProject) => number> = {
  createdAt: (a, b) => compare(a.id, b.id),
  name: (a, b) => compare(projectIndexKeys(a).nameKey, projectIndexKeys(b).nameKey),
  dueDate: (a, b) => compare(projectIndexKeys(a).dueKey, projectIndexKeys(b).dueKey),
  status: (a, b) => compare(projectIndexKeys(a).statusKey, projectIndexKeys(b).statusKey),
};

/** Every project of an organization as stored, with its members. */
export async function listedProjects(orgId: string): Promise<ListedProject[]> {
  const { db, tableName } = testTable();
  const { PK, prefix } = projectCollections.projectsOfOrganization(orgId);
  const read = async (beginning: string) => {
    const items: Record<string, unknown>[] = [];
    const pages = paginateQuery(
      { client: db },
      {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': PK, ':p': beginning },
      },
    );
    for await (const page of pages) items.push(...(page.Items ?? []));
    return items;
  };
  const projects = (await read(prefix)) as unknown as ListedProject[];
  const sets = new Map((await read('MEMBERS#')).map((set) => [set.projectId as string, set.memberIds as string[]]));
  db.destroy();
  return projects.map((project) => ({ ...project, memberIds: sets.get(project.id) ?? [] }));
}
