import { type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/db/table-definition';

interface DataProps {
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
}

/** The one DynamoDB table, built from the same definition DynamoDB Local uses. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const key = (attribute: { name: string; type: 'S' }) => ({ name: attribute.name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
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
      Validations.of(this.table).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason: 'A disposable stage (preview, dev): its data is test data that goes with the stack; prod has point-in-time recovery.',
      });
    }
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...('projection' in index ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] } : { projectionType: ProjectionType.ALL }),
      });
    }
  }
}
