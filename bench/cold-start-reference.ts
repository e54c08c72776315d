import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The cold-start reference: the DynamoDB DocumentClient alone, bundled like a handler, serving one
 * consistent GetItem. What a handler costs above this is ours; this much is the SDK's.
 */
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
);

export async function handler() {
  const { Item } = await db.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: 'COLD#reference', SK: 'COLD' }, ConsistentRead: true }),
  );
  return { statusCode: Item ? 200 : 404 };
}
