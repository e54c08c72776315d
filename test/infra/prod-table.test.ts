import { describe, expect, it } from 'vitest';
import { protectTable, tableLogicalId } from '../../infra/stack-policy';
import { ofType, synthStage } from './synth-stage';

/**
 * Prod's table as deployed. A change here means CloudFormation would replace the table (a new, empty
 * one) or rebuild an index: the stack policy refuses the first, and neither may happen by accident.
 * Adding an index is fine: add it here in the same change.
 */
const FROZEN = {
  logicalId: 'DataTableFDBAD0F2',
  keySchema: [
    { AttributeName: 'PK', KeyType: 'HASH' },
    { AttributeName: 'SK', KeyType: 'RANGE' },
  ],
  globalSecondaryIndexes: {
    projectsByName: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'nameKey', KeyType: 'RANGE' },
    ],
    projectsByDueDate: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'dueKey', KeyType: 'RANGE' },
    ],
    projectsByStatus: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'statusKey', KeyType: 'RANGE' },
    ],
    projectsByStatusCreated: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'statusCreatedKey', KeyType: 'RANGE' },
    ],
    projectsByStatusDue: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'statusDueKey', KeyType: 'RANGE' },
    ],
    openProjectsByListDue: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'openListDueKey', KeyType: 'RANGE' },
    ],
    openProjectsByDueDate: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'openDueKey', KeyType: 'RANGE' },
    ],
    projectsDueOn: [
      { AttributeName: 'dueDayKey', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    weeklyDigest: [
      { AttributeName: 'digestKey', KeyType: 'HASH' },
      { AttributeName: 'digestSort', KeyType: 'RANGE' },
    ],
    organizationActivity: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'feedKey', KeyType: 'RANGE' },
    ],
    usersByName: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'userNameKey', KeyType: 'RANGE' },
    ],
    usersByEmail: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'userEmailKey', KeyType: 'RANGE' },
    ],
    usersByRole: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'userRoleKey', KeyType: 'RANGE' },
    ],
    auditByActor: [
      { AttributeName: 'auditActorKey', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    membersOfProject: [
      { AttributeName: 'projectMembersKey', KeyType: 'HASH' },
      { AttributeName: 'userId', KeyType: 'RANGE' },
    ],
  } as Record<string, { AttributeName: string; KeyType: string }[]>,
};

describe('prod table: frozen, and protected from replacement', () => {
  const prod = synthStage('prod').stage;
  const tables = ofType(prod, 'AWS::DynamoDB::Table');
  expect(tables).toHaveLength(1);
  const [id, { Properties }] = tables[0]!;
  const table = { Properties: Properties! };

  it("keeps its logical id, key schema and every index's key schema", () => {
    expect(id).toBe(FROZEN.logicalId);
    expect(table.Properties.KeySchema).toEqual(FROZEN.keySchema);
    const indexes = (table.Properties.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: unknown }[];
    expect(Object.fromEntries(indexes.map((index) => [index.IndexName, index.KeySchema]))).toEqual(FROZEN.globalSecondaryIndexes);
    // A fixed name would make any replacement fail halfway; a generated one never collides.
    expect(table.Properties.TableName).toBeUndefined();
  });

  it('has a stack policy that denies replacing or deleting that table and allows every other update', () => {
    expect(tableLogicalId('prod')).toBe(FROZEN.logicalId);
    expect(protectTable(FROZEN.logicalId)).toEqual({
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: 'Update:*', Resource: '*' },
        {
          Effect: 'Deny',
          Principal: '*',
          Action: ['Update:Replace', 'Update:Delete'],
          Resource: `LogicalResourceId/${FROZEN.logicalId}`,
        },
      ],
    });
  });
});
