import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { tableDefinition } from '../../functions/db/table-definition';
import { ensureTable, localClient } from './dynamodb-local';
import { batchPut } from './seed';

type Item = Record<string, unknown>;

const documents = (endpoint: string) =>
  DynamoDBDocumentClient.from(localClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
const keyOf = (item: Item) => `${String(item[tableDefinition.partitionKey.name])} ${String(item[tableDefinition.sortKey.name])}`;

/** Every item of a table, in key order (a drill's table is small: a Scan). */
export async function allItems(endpoint: string, tableName: string): Promise<Item[]> {
  const db = documents(endpoint);
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/**
 * Exports a table to `file` in the format of DynamoDB's export to S3 (DYNAMODB_JSON: one
 * `{"Item": …}` per line, attribute values typed), which is also what a table import reads.
 */
export async function exportTable(endpoint: string, tableName: string, file: string): Promise<number> {
  const items = await allItems(endpoint, tableName);
  await writeFile(
    file,
    items.map((item) => JSON.stringify({ Item: marshall(item, { removeUndefinedValues: true }) })).join('\n') + '\n',
  );
  return items.length;
}

/**
 * Restores an export into a new table made from the stack's definition (indexes, stream and TTL on,
 * as docs/runbook.md's restore steps require of the cloud's new table).
 */
export async function importTable(endpoint: string, file: string, tableName: string): Promise<number> {
  await ensureTable(endpoint, tableName);
  const items: Item[] = [];
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line.trim()) items.push(unmarshall((JSON.parse(line) as { Item: Record<string, AttributeValue> }).Item));
  }
  await batchPut(documents(endpoint), tableName, items);
  return items.length;
}

/** Compares every item of two tables: the keys missing on either side and the items that differ. */
export async function compareTables(
  endpoint: string,
  source: string,
  restored: string,
): Promise<{ compared: number; differing: string[] }> {
  const [before, after] = await Promise.all([allItems(endpoint, source), allItems(endpoint, restored)]);
  const restoredByKey = new Map(after.map((item) => [keyOf(item), JSON.stringify(item, Object.keys(item).sort())]));
  const differing = before
    .filter((item) => restoredByKey.get(keyOf(item)) !== JSON.stringify(item, Object.keys(item).sort()))
    .map(keyOf);
  const sourceKeys = new Set(before.map(keyOf));
  differing.push(...after.map(keyOf).filter((key) => !sourceKeys.has(key)));
  return { compared: Math.max(before.length, after.length), differing };
}
