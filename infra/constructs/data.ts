import { type RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  CfnTable,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/db/table-definition';
import type { RestoredTable } from '../stages';

interface DataProps {
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
  /** After a restore: the table the stage uses instead of its own (infra/stages.ts). */
  restoredTable: RestoredTable | null;
  /** How the stage's resources are named (`Growthwise-<stage>`): the restored table's name must start with it. */
  stackName: string;
}

/** The one DynamoDB table, built from the same definition DynamoDB Local uses. */
export class Data extends Construct {
  /** The table the stage uses: its own, or the restored one its settings name. */
  readonly table: ITable;
  /** The stack's own table: in the template whatever the stage uses, so a restore never replaces or deletes it. */
  readonly ownTable: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const key = (attribute: { name: string; type: 'S' }) => ({ name: attribute.name, type: AttributeType.STRING });
    this.ownTable = new Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      // The mailer reads new outbox items from the stream (tableDefinition.stream).
      stream: StreamViewType[tableDefinition.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: props.pointInTimeRecovery },
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });
    if (!props.pointInTimeRecovery) {
      Validations.of(this.ownTable).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason:
          'A disposable stage (preview, dev): its data is test data that goes with the stack; prod has point-in-time recovery.',
      });
    }
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.ownTable.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...('include' in index
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
          : { projectionType: ProjectionType.ALL }),
      });
    }
    this.table = props.restoredTable ? restored(this, props.restoredTable, props.stackName) : this.ownTable;
  }
}

/**
 * The restored table, by name and stream: grants cover its indexes (the same as the stack's table's,
 * since a restore keeps them). Synthesis refuses a name outside the stage's (the preview boundary
 * denies previews every `table/Growthwise-prod-*`, case-sensitively: infra/delivery-stack.ts), and a
 * stream ARN of another table, which would leave the stream consumers reading the old table's changes.
 */
function restored(scope: Construct, table: RestoredTable, stackName: string): ITable {
  if (!table.tableName.startsWith(`${stackName}-`)) {
    throw new Error(
      `restoredTable.tableName (infra/stages.ts) must start with "${stackName}-" (e.g. ${stackName}-restored-<date>), as the stack's own resources do: ${table.tableName}`,
    );
  }
  if (!table.streamArn.includes(`:table/${table.tableName}/stream/`)) {
    throw new Error(
      `restoredTable.streamArn (infra/stages.ts) is not a stream of table ${table.tableName}: ${table.streamArn}. Take it from \`aws dynamodb describe-table --table-name ${table.tableName} --query Table.LatestStreamArn\`.`,
    );
  }
  return Table.fromTableAttributes(scope, 'Restored', {
    tableName: table.tableName,
    tableStreamArn: table.streamArn,
    globalIndexes: tableDefinition.globalSecondaryIndexes.map((index) => index.indexName),
  });
}

/** How cdk-nag names the `<table ARN>/index/*` resource a table grant writes: by the table's logical id, or by the restored table's name. */
export function tableIndexesNagResource(table: ITable): string {
  const stack = Stack.of(table);
  if (table.node.defaultChild instanceof CfnTable) return `<${stack.getLogicalId(table.node.defaultChild)}.Arn>/index/*`;
  const nagName = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
  return `arn:<AWS::Partition>:dynamodb:${nagName(stack.region, 'AWS::Region')}:${nagName(stack.account, 'AWS::AccountId')}:table/${table.tableName}/index/*`;
}
