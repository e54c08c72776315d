import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { floorCalls } from '../../../bench/dynamodb-floor';
import { statusCounts } from '../../../functions/projects/figures';
import { projectCollections, projectKeys } from '../../../functions/projects/keys';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';

/**
 * The bench compares each route with its own DynamoDB calls sent straight to DynamoDB Local. A
 * GetItem in place of a write's TransactWriteItems made POST /api/projects look four times slower
 * than its floor; its floor now sends the route's own transaction, built by the same function.
 */
describe("the bench's DynamoDB floor of POST /api/projects", () => {
  it("writes what the route writes: the project, its 'created' entry and the event that counts it", async () => {
    const { db, tableName } = testTable();
    const orgId = ulid();
    const floor = floorCalls(db, tableName, { orgId, userId: ulid() });
    const times = 3;
    for (let index = 0; index < times; index += 1) await floor.createProject();

    const { PK, prefix } = projectCollections.projectsOfOrganization(`floor-${orgId}`);
    const projects = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      }),
    );
    expect(projects.Items).toHaveLength(times);
    expect(projects.Items!.every((item) => item.name === 'Bench project' && item.status === 'planning')).toBe(true);

    const entries = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': 'ACTIVITY#' },
      }),
    );
    expect(entries.Items?.map((entry) => entry.action)).toEqual(Array.from({ length: times }, () => 'created'));
    // The stream consumer counts the floor's events as it counts the route's.
    const figures = await eventually(
      async () =>
        (
          await db.send(
            new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(`floor-${orgId}`), ConsistentRead: true }),
          )
        ).Item,
      (item) => statusCounts(item).planning === times,
    );
    expect(statusCounts(figures).planning).toBe(times);
  });
});
