import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { floorCalls } from '../../../bench/dynamodb-floor';
import { collections, keys } from '../../../functions/db/keys';
import { statusCounts } from '../../../functions/projects/figures';
import { RECENT_ACTIVITY_SIZE } from '../../../shared/limits';
import { testTable } from '../support/table';

/**
 * The bench compares each route with its own DynamoDB calls sent straight to DynamoDB Local. A
 * GetItem in place of a write's TransactWriteItems made POST /api/projects look four times slower
 * than its floor; its floor now sends the route's own transaction, built by the same function.
 */
describe("the bench's DynamoDB floor of POST /api/projects", () => {
  it("writes what the route writes: the project, its status's counter and its 'created' entry, the recent activity kept to its size", async () => {
    const { db, tableName } = testTable();
    const orgId = ulid();
    const floor = floorCalls(db, tableName, { orgId, userId: ulid() });
    const times = RECENT_ACTIVITY_SIZE + 3;
    for (let index = 0; index < times; index += 1) await floor.createProject();

    const { PK, prefix } = collections.projectsOfOrganization(`floor-${orgId}`);
    const projects = await db.send(
      new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix } }),
    );
    expect(projects.Items).toHaveLength(times);
    expect(projects.Items!.every((item) => item.name === 'Bench project' && item.status === 'planning')).toBe(true);

    const figures = (await db.send(new GetCommand({ TableName: tableName, Key: keys.projectFigures(`floor-${orgId}`), ConsistentRead: true }))).Item;
    expect(statusCounts(figures).planning).toBe(times);
    // The route trims the figures item's recent entries with what it read; so does its floor, or the item would grow with every call.
    expect(Object.keys(figures ?? {}).filter((name) => name.startsWith('recent_'))).toHaveLength(RECENT_ACTIVITY_SIZE);
  });
});
