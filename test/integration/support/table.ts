import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { localClient } from '../../../infra/local/dynamodb-local';

/** Direct access to the test table, for arranging states the API cannot (an expired session). */
export const testTable = () => ({
  db: DynamoDBDocumentClient.from(localClient(inject('dynamoDbEndpoint'))),
  tableName: inject('tableName'),
});
