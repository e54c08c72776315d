import { type DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../functions/db/transactions';
import { projectCollections } from '../functions/projects/keys';
import { newProjectWrites } from '../functions/projects/writes';
import { userKeys } from '../functions/user/keys';
import { percentile } from './stats';

export interface FloorFigures {
  p50: number;
  p95: number;
  p99: number;
  calls: number;
}

/** A write the functions build for their own table, sent to the bench's. */
const inTable = (item: TransactItem, tableName: string): TransactItem =>
  Object.fromEntries(Object.entries(item).map(([kind, write]) => [kind, { ...write, TableName: tableName }])) as TransactItem;

/**
 * The floor under every route: one GetItem (the user item, as the session check reads it) and
 * one Query (the organization's projects, as GET /api/projects reads them), sent one after
 * another with the same SDK and DocumentClient the handlers use, straight to DynamoDB Local.
 * A write's floor is its own write: POST /api/projects' is the very TransactWriteItems the route
 * sends, from the functions' own builder, not a GetItem in its place.
 */
export function floorCalls(db: DynamoDBDocumentClient, tableName: string, target: { orgId: string; userId: string }) {
  const { PK, prefix } = projectCollections.projectsOfOrganization(target.orgId);
  const actor = { id: target.userId, fullName: 'Bench Floor', avatarUrl: null };
  // Where the floor of POST /api/projects creates its projects: an organization no route reads.
  const floorOrgId = `floor-${target.orgId}`;
  return {
    createProject: async () => {
      const { writes } = newProjectWrites(floorOrgId, { name: 'Bench project', status: 'planning' }, actor);
      await db.send(new TransactWriteCommand({ TransactItems: writes.map((write) => inTable(write, tableName)) }));
    },
    getItem: () =>
      db.send(new GetCommand({ TableName: tableName, Key: userKeys.user(target.orgId, target.userId), ConsistentRead: true })),
    query: () =>
      db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
          ConsistentRead: true,
        }),
      ),
  };
}

export async function measureFloor(
  db: DynamoDBDocumentClient,
  tableName: string,
  target: { orgId: string; userId: string },
  seconds: number,
) {
  const calls = floorCalls(db, tableName, target);
  return { getItem: await timeLoop(calls.getItem, seconds), query: await timeLoop(calls.query, seconds) };
}

async function timeLoop(call: () => Promise<unknown>, seconds: number): Promise<FloorFigures> {
  for (let i = 0; i < 20; i += 1) await call(); // warm the connection and the JIT
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end || times.length < 10) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), calls: times.length };
}
