import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localClient } from '../../../infra/local/dynamodb-local';

/** Direct access to the test table, for arranging states the API cannot (an expired session). */
export const testTable = () => ({
  db: DynamoDBDocumentClient.from(localClient(inject('dynamoDbEndpoint'))),
  tableName: inject('tableName'),
});

/**
 * Every outbox item addressed to `to`, from every page of a Scan: the suite's table holds thousands
 * of items, so the first page (1 MB) of a filtered Scan may hold none of them.
 */
export async function outboxItemsTo(
  db: DynamoDBDocumentClient,
  tableName: string,
  to: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const pages = paginateScan(
    { client: db },
    {
      TableName: tableName,
      FilterExpression: '#type = :outbox AND #to = :to',
      ExpressionAttributeNames: { '#type': 'type', '#to': 'to' },
      ExpressionAttributeValues: { ':outbox': 'OUTBOX', ':to': to },
    },
  );
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}
