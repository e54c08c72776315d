import { describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/db/table-definition';
import { ofType, synthStage } from './synth-stage';

/** A key schema as the CloudFormation template writes it. */
const keySchema = (key: { partitionKey: { name: string }; sortKey: { name: string } }) => [
  { AttributeName: key.partitionKey.name, KeyType: 'HASH' },
  { AttributeName: key.sortKey.name, KeyType: 'RANGE' },
];

describe('data: the table in the cloud is the table on the laptop', () => {
  const { stage } = synthStage('pr-1');
  const tables = ofType(stage, 'AWS::DynamoDB::Table');
  const table = tables[0]![1].Properties!;
  const indexes = tableDefinition.globalSecondaryIndexes;

  it("is one on-demand table with the local definition's keys and TTL attribute", () => {
    expect(tables).toHaveLength(1);
    expect(table.KeySchema).toEqual(keySchema(tableDefinition));
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true });
  });

  it("has exactly the local definition's global secondary indexes", () => {
    const inCloud = (
      (table.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: unknown; Projection: unknown }[]
    ).map((index) => ({ name: index.IndexName, keys: index.KeySchema, projection: index.Projection }));
    expect(inCloud).toEqual(
      indexes.map((index) => ({
        name: index.indexName,
        keys: keySchema(index),
        projection:
          'include' in index ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' },
      })),
    );
  });

  it('declares exactly the key attributes, all strings', () => {
    const names = new Set(
      [
        tableDefinition.partitionKey,
        tableDefinition.sortKey,
        ...indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      ].map((key) => key.name),
    );
    expect(table.AttributeDefinitions).toEqual(
      expect.arrayContaining([...names].map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
    expect(table.AttributeDefinitions).toHaveLength(names.size);
  });
});
