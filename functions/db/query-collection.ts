import { type QueryCommandInput, paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { keyBeginsWith } from './key-prefix';

interface CollectionQueryOptions {
  /** Only these attributes (a ProjectionExpression). */
  projection?: string;
  /** ExpressionAttributeNames for the projection or filter (reserved words such as name, status). */
  names?: Record<string, string>;
  /** A FilterExpression and its values (applied after the key condition; pages still cost 1 MB). */
  filter?: { expression: string; values: Record<string, unknown> };
  consistentRead?: boolean;
  newestFirst?: boolean;
  /** Stop after this many items (at most one extra page is read). */
  limit?: number;
}

/**
 * Every item of one collection (a partition and a sort-key prefix from keys.ts): one Query per
 * 1 MB page, however many items there are.
 */
export async function queryCollection<T>(
  collection: { PK: string; prefix: string },
  options: CollectionQueryOptions = {},
): Promise<T[]> {
  const range = keyBeginsWith('SK', collection.prefix);
  const input: QueryCommandInput = {
    TableName: TABLE_NAME,
    KeyConditionExpression: `PK = :pk AND ${range.expression}`,
    ExpressionAttributeValues: { ':pk': collection.PK, ...range.values, ...options.filter?.values },
    ...(options.filter ? { FilterExpression: options.filter.expression } : {}),
    ...(options.projection ? { ProjectionExpression: options.projection } : {}),
    ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
    ...(options.consistentRead ? { ConsistentRead: true } : {}),
    ...(options.newestFirst ? { ScanIndexForward: false } : {}),
    ...(options.limit ? { Limit: options.limit } : {}),
  };
  const items: T[] = [];
  for await (const page of paginateQuery({ client: db }, input)) {
    items.push(...((page.Items ?? []) as T[]));
    if (options.limit && items.length >= options.limit) return items.slice(0, options.limit);
  }
  return items;
}
