import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { DatabaseBusyError } from './faults';
import type { Key, KeyOf } from './keys';

export type Item = Record<string, unknown>;

/**
 * Reads up to 100 keys in one BatchGetItem; retries only keys DynamoDB left unprocessed
 * (rare: throttling), so the common case is exactly one round trip.
 */
export async function batchGet(requested: Key[], options: { consistentRead?: boolean } = {}): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  let pending: Key[] = dedupe(requested);
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 10));
    const chunk = pending.slice(0, 100);
    const rest = pending.slice(100);
    const out = await db.send(new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: chunk, ConsistentRead: options.consistentRead } } }));
    for (const item of out.Responses?.[TABLE_NAME] ?? []) found.set(keyId(item as unknown as Key), item);
    pending = [...((out.UnprocessedKeys?.[TABLE_NAME]?.Keys as Key[] | undefined) ?? []), ...rest];
    if (attempt > 8) throw new DatabaseBusyError('BatchGetItem kept leaving keys unprocessed');
  }
  return found;
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
