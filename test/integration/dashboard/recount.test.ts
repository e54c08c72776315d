import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV, ensureTable, localClient } from '../../../infra/local/dynamodb-local';
import { seedOrganization } from '../../../infra/local/seed';
import type { ProjectStatus } from '../../../shared/project-statuses';
import { registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';

/**
 * The one-off recount (scripts/recount-project-figures.ts) run in the test process against the run's
 * DynamoDB Local: an organization whose projects predate the counters gets them right, twice over.
 */
let recount: typeof import('../../../functions/projects/recount');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  recount = await import('../../../functions/projects/recount');
});

describe('the project counter recount', () => {
  it('sets the counters of an organization from before the counters to a recount, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    for (const status of ['planning', 'planning', 'in_progress', 'completed', 'on_hold'] as ProjectStatus[]) {
      expect((await admin.call('/api/projects', { method: 'POST', body: { name: `P ${status}`, status } })).status).toBe(201);
    }
    const counted = (total: number) =>
      eventually(
        () => admin.call('/api/dashboard'),
        (answer) => answer.body.counts.total === total,
      );
    await counted(5);
    // As an organization from before: no counters, the recent entries on the item, entries outside the feed.
    const { db, tableName } = testTable();
    const legacy = { id: 'old', projectName: 'Old' };
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: projectKeys.projectFigures(admin.orgId),
        UpdateExpression:
          'REMOVE count_planning, count_in_progress, count_completed, count_on_hold SET recent_01JP0000000000000000000000 = :entry',
        ExpressionAttributeValues: { ':entry': legacy },
      }),
    );
    const entries = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `ORG#${admin.orgId}`, ':p': 'ACTIVITY#' },
      }),
    );
    for (const entry of entries.Items ?? [])
      await db.send(
        new UpdateCommand({ TableName: tableName, Key: { PK: entry.PK, SK: entry.SK }, UpdateExpression: 'REMOVE feedKey' }),
      );
    const before = (await admin.call('/api/dashboard')).body;
    expect(before.counts.total).toBe(0);
    expect(before.recentActivity).toHaveLength(0);

    const expected = { planning: 2, in_progress: 1, completed: 1, on_hold: 1 };
    expect(await recount.recountOrganization(admin.orgId)).toEqual(expected);
    const dashboard = (await admin.call('/api/dashboard')).body;
    expect(dashboard.counts).toEqual({ total: 5, ...expected });
    expect(dashboard.createdPerWeek.at(-1).count).toBe(5);
    expect(dashboard.recentActivity).toHaveLength(5);
    const figures = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(admin.orgId), ConsistentRead: true }),
    );
    expect(Object.keys(figures.Item ?? {}).filter((name) => name.startsWith('recent_'))).toEqual([]);

    expect(await recount.recountOrganization(admin.orgId)).toEqual(expected);
    expect((await admin.call('/api/dashboard')).body.counts).toEqual({ total: 5, ...expected });
    // Later changes keep counting from the recount.
    expect((await admin.call('/api/projects', { method: 'POST', body: { name: 'After', status: 'on_hold' } })).status).toBe(201);
    expect((await counted(6)).body.counts).toEqual({ total: 6, ...expected, on_hold: 2 });
  });

  it('finds every organization for the script, once each, and nothing else', async () => {
    // The operator script scans the whole table: on the suite's table, which holds every item the files
    // before this one wrote (tens of thousands), the scan took 22 to 45 s. A table of its own holds
    // organizations with their users, projects, members and notifications: only the organizations are found.
    const endpoint = inject('dynamoDbEndpoint');
    const tableName = `recount-${randomUUID().slice(0, 8)}`;
    await ensureTable(endpoint, tableName);
    const client = localClient(endpoint);
    try {
      const db = DynamoDBDocumentClient.from(client);
      const seed = (label: string) =>
        seedOrganization(db, tableName, {
          label,
          projects: 3,
          membersPerProject: 2,
          staff: 2,
          notificationsPerUser: 1,
          password: 'recount-password-1',
        });
      const organizations = [await seed('First'), await seed('Second')];
      vi.resetModules();
      vi.stubEnv('TABLE_NAME', tableName);
      const onItsTable = await import('../../../functions/projects/recount');
      const ids: string[] = [];
      for await (const id of onItsTable.organizationIds()) ids.push(id);
      expect(ids.sort()).toEqual(organizations.map((organization) => organization.orgId).sort());
    } finally {
      vi.unstubAllEnvs();
      await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
    }
  });
});
