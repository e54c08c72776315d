import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { DatabaseBusyError } from './faults';
import type { Key, KeyOf } from './keys';

export type Item = Record<string, unknown>;

/** Keys one BatchGetItem may name. */
const BATCH_GET_MAX = 100;

/**
 * Reads the keys in BatchGetItems of 100, side by side (500 keys: five calls, one round trip);
 * retries only keys DynamoDB left unprocessed (rare: throttling), so the common case is one round
 * trip whatever the number of keys.
 */
export async function batchGet(requested: Key[], options: { consistentRead?: boolean } = {}): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  const all = dedupe(requested);
  const chunks = Array.from({ length: Math.ceil(all.length / BATCH_GET_MAX) }, (_, index) =>
    all.slice(index * BATCH_GET_MAX, (index + 1) * BATCH_GET_MAX),
  );
  await Promise.all(chunks.map((chunk) => batchGetChunk(chunk, found, options)));
  return found;
}

async function batchGetChunk(chunk: Key[], found: Map<string, Item>, options: { consistentRead?: boolean }): Promise<void> {
  let pending = chunk;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
    const out = await db.send(
      new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: pending, ConsistentRead: options.consistentRead } } }),
    );
    for (const item of out.Responses?.[TABLE_NAME] ?? []) found.set(keyId(item as unknown as Key), item);
    pending = (out.UnprocessedKeys?.[TABLE_NAME]?.Keys as Key[] | undefined) ?? [];
    if (attempt > 8) throw new DatabaseBusyError('BatchGetItem kept leaving keys unprocessed');
  }
}

/** One item by its key, or undefined when there is none. */
export async function getItem<T>(key: KeyOf<T>, options: { consistentRead?: boolean } = {}): Promise<T | undefined> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: key, ConsistentRead: options.consistentRead }));
  return out.Item as T | undefined;
}

export const keyId = (key: Key) => `${key.PK}|${key.SK}`;

function dedupe(list: Key[]): Key[] {
  const seen = new Map<string, Key>();
  for (const key of list) seen.set(keyId(key), { PK: key.PK, SK: key.SK });
  return [...seen.values()];
}
