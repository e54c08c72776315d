/**
 * The one DynamoDB table, as plain data: the CDK data construct and the local setup
 * (DynamoDB Local) both build the table from this, so the cloud and the laptop cannot drift.
 */
export const tableDefinition = {
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  /** Epoch seconds; DynamoDB deletes expired items, late, so code never trusts it for expiry. */
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [],
  /** The stream the mailer reads (new outbox items): the new image is all it needs. */
  stream: 'NEW_IMAGE',
} as const satisfies {
  partitionKey: { name: string; type: 'S' };
  sortKey: { name: string; type: 'S' };
  timeToLiveAttribute: string;
  globalSecondaryIndexes: readonly { indexName: string; partitionKey: { name: string; type: 'S' }; sortKey: { name: string; type: 'S' } }[];
  stream: 'NEW_IMAGE';
};

export const DEFAULT_LOCAL_TABLE_NAME = 'growthwise-local';
