import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countCall } from './call-counter';
import { DEFAULT_LOCAL_TABLE_NAME } from './table-definition';

/** The one DocumentClient every handler shares (one per cold start). */
const client = new DynamoDBClient({
  // Locally DYNAMODB_ENDPOINT points at DynamoDB Local; in Lambda it is unset.
  ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
});

client.middlewareStack.add(
  (next) => (args) => {
    countCall();
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoDbCalls' },
);

export const db = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});

export const TABLE_NAME = process.env.TABLE_NAME ?? DEFAULT_LOCAL_TABLE_NAME;
