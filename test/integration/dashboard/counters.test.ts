import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectCollections } from '../../../functions/projects/keys';
import { countByStatus } from '../../../functions/projects/recount';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../shared/project-statuses';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

/**
 * The dashboard's counters are added by the stream consumer from the changes' events, a batch at a
 * time (docs/decisions/032): after a storm of random changes from concurrent clients, once the
 * stream has drained, they equal a recount of the projects, and no change is counted twice.
 */
const CLIENTS = 10;
const CHANGES = 1_000;

type Change =
  | { kind: 'create'; status: ProjectStatus }
  | { kind: 'status'; project: number; status: ProjectStatus }
  | { kind: 'due'; project: number; day: number }
  | { kind: 'delete'; project: number };

const status = fc.constantFrom(...PROJECT_STATUSES);
const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 3, arbitrary: status.map((s) => ({ kind: 'create' as const, status: s })) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('status' as const), project: fc.nat(), status }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('due' as const), project: fc.nat(), day: fc.integer({ min: 1, max: 28 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), project: fc.nat() }) },
);

/** The organization's projects as stored: what the recount counts. */
async function storedProjects(orgId: string): Promise<{ status: ProjectStatus }[]> {
  const { db, tableName } = testTable();
  const { PK, prefix } = projectCollections.projectsOfOrganization(orgId);
  const items: { status: ProjectStatus }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': PK, ':p': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as { status: ProjectStatus }[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** One client's share of the changes, one after another; the projects any client created are shared. */
async function runChanges(client: SignedIn, changes: Change[], projectIds: string[]) {
  for (const next of changes) {
    const pick = (index: number) => projectIds[index % Math.max(1, projectIds.length)];
    if (next.kind === 'create' || projectIds.length === 0) {
      const created = await client.call('/api/projects', {
        method: 'POST',
        body: { name: 'Storm', status: next.kind === 'create' ? next.status : 'planning' },
      });
      expect(created.status).toBe(201);
      projectIds.push(created.body.id as string);
      continue;
    }
    const id = pick(next.project);
    const answer =
      next.kind === 'delete'
        ? await client.call(`/api/projects/${id}`, { method: 'DELETE' })
        : await client.call(`/api/projects/${id}`, {
            method: 'PATCH',
            body: next.kind === 'status' ? { status: next.status } : { dueDate: `2025-04-${String(next.day).padStart(2, '0')}` },
          });
    // A change that lost to a delete is 404; an edit that kept losing races is 409: neither may move a counter.
    // A status change is last-writer-wins: never 409, however many clients change the same project (docs/decisions/067).
    expect(next.kind === 'status' ? [200, 404] : [200, 404, 409]).toContain(answer.status);
  }
}

describe('project counters by status', () => {
  it(
    `equal a recount of the projects after ${CHANGES} random changes from ${CLIENTS} concurrent clients`,
    { timeout: 600_000 },
    async () => {
      const admin = await registerOrganization();
      const clients = [admin, ...(await Promise.all(Array.from({ length: CLIENTS - 1 }, () => addMemberDirectly(admin.orgId))))];
      await fc.assert(
        fc.asyncProperty(fc.array(change, { minLength: CHANGES, maxLength: CHANGES }), async (changes) => {
          const projectIds: string[] = [];
          await Promise.all(
            clients.map((client, lane) =>
              runChanges(
                client,
                changes.filter((_, index) => index % CLIENTS === lane),
                projectIds,
              ),
            ),
          );

          const recount = countByStatus(await storedProjects(admin.orgId));
          const total = Object.values(recount).reduce((sum, count) => sum + count, 0);
          // The consumer adds the events a moment after their changes: wait until it has caught up, bounded.
          const dashboard = await eventually(
            () => admin.call('/api/dashboard'),
            (answer) => answer.body.counts.total === total && PROJECT_STATUSES.every((s) => answer.body.counts[s] === recount[s]),
            60_000,
          );
          expect(dashboard.body.counts).toEqual({ total, ...recount });
          // Every project was created this week: the functions' clock starts the run on a Wednesday morning.
          expect(dashboard.body.createdPerWeek.at(-1).count).toBe(total);
        }),
        { numRuns: 1, seed: 37 },
      );
    },
  );
});
