import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { keys } from '../../../functions/db/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import type { ProjectStatus } from '../../../shared/project-statuses';
import { registerOrganization } from '../support/api';
import { testTable } from '../support/table';

/**
 * The one-off recount (scripts/recount-project-figures.ts) run in the test process against the run's
 * DynamoDB Local: an organization whose projects predate the counters gets them right, twice over.
 */
let recount: typeof import('../../../functions/projects/recount');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'), POWERTOOLS_METRICS_DISABLED: 'true' });
  recount = await import('../../../functions/projects/recount');
});

describe('the project counter recount', () => {
  it('sets the counters of an organization from before the counters to a recount, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    for (const status of ['planning', 'planning', 'in_progress', 'completed', 'on_hold'] as ProjectStatus[]) {
      expect((await admin.call('/api/projects', { method: 'POST', body: { name: `P ${status}`, status } })).status).toBe(201);
    }
    // As an organization registered before the counters: projects, no counters (the recent activity stays).
    const { db, tableName } = testTable();
    await db.send(new UpdateCommand({ TableName: tableName, Key: keys.projectFigures(admin.orgId), UpdateExpression: 'REMOVE count_planning, count_in_progress, count_completed, count_on_hold' }));
    expect((await admin.call('/api/dashboard')).body.counts.total).toBe(0);

    const expected = { planning: 2, in_progress: 1, completed: 1, on_hold: 1 };
    expect(await recount.recountOrganization(admin.orgId)).toEqual(expected);
    const dashboard = (await admin.call('/api/dashboard')).body;
    expect(dashboard.counts).toEqual({ total: 5, ...expected });
    expect(dashboard.recentActivity).toHaveLength(5);

    expect(await recount.recountOrganization(admin.orgId)).toEqual(expected);
    expect((await admin.call('/api/dashboard')).body.counts).toEqual({ total: 5, ...expected });
    // Later changes keep counting from the recount.
    expect((await admin.call('/api/projects', { method: 'POST', body: { name: 'After', status: 'on_hold' } })).status).toBe(201);
    expect((await admin.call('/api/dashboard')).body.counts).toEqual({ total: 6, ...expected, on_hold: 2 });
  });

  it('finds every organization for the script', async () => {
    const admin = await registerOrganization();
    const ids: string[] = [];
    for await (const id of recount.organizationIds()) ids.push(id);
    expect(ids).toContain(admin.orgId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
