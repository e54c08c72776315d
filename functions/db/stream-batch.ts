import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';

/** The new items of a stream batch, in order (records without a new image left out). */
export function newItems<T>(records: DynamoDBRecord[]): T[] {
  return records.flatMap((record) =>
    record.dynamodb?.NewImage ? [unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>) as T] : [],
  );
}

/**
 * Hands each new item of a table-stream batch to `handle`, in order. On the first failure the rest
 * of the batch is reported failed from that record on (ReportBatchItemFailures): Lambda retries
 * from there, keeping stream order and bisecting until a poison record stands alone and goes to
 * the dead-letter queue. `handle` must therefore be safe to run again on an item it already did.
 */
export async function eachNewItem<T>(
  records: DynamoDBRecord[],
  handle: (item: T, record: DynamoDBRecord) => Promise<void>,
  onFailure: (item: T, error: unknown) => void,
): Promise<DynamoDBBatchResponse> {
  for (const [index, record] of records.entries()) {
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image as Record<string, AttributeValue>) as T;
    try {
      await handle(item, record);
    } catch (error) {
      onFailure(item, error);
      return {
        batchItemFailures: records.slice(index).map((failed) => ({ itemIdentifier: failed.dynamodb?.SequenceNumber ?? '' })),
      };
    }
  }
  return { batchItemFailures: [] };
}
