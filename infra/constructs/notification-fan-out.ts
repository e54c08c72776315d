import type { RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OUTBOX_DUE_INDEX } from '../../functions/mailer/keys';
import { FAN_OUT_CONSUMER } from '../../functions/notifications/bus-rule';
import { FAN_OUT_ENTRY } from '../local/build-functions';
import type { ChangeBus } from './change-bus';

/**
 * What the fan-out reads and writes (functions/notifications/fan-out.ts), each in the partitions it
 * lives in: the member set of a changed project (read, `ORG#o`), the recipients' notifications
 * (`USER#u`), a mentioned person's user item and mail (`ORG#o`, `OUTBOX#m`), the organization's
 * figures item, the members' own items with the copies of their profiles (`ORG#o#MEMBER#u`,
 * docs/decisions/103), and the mark on each event it counted (`EVENT#e`).
 */
export const FAN_OUT_TABLE_ACCESS = [
  { action: 'dynamodb:GetItem', leadingKeys: ['ORG#*'] },
  // The users a comment mentions (their address for the mail), read by key.
  { action: 'dynamodb:BatchGetItem', leadingKeys: ['ORG#*'] },
  // A mentioned person's mail is an outbox item written with their notification (docs/decisions/048).
  { action: 'dynamodb:PutItem', leadingKeys: ['USER#*', 'OUTBOX#*'] },
  { action: 'dynamodb:UpdateItem', leadingKeys: ['ORG#*', 'EVENT#*'] },
  // A renamed member's projects, from their own membership items (`ORG#o#MEMBER#u`), whose copies it renews (docs/decisions/103).
  { action: 'dynamodb:Query', leadingKeys: ['ORG#*'] },
  // The events' marks, read before the figures' ADD (functions/projects/figures-from-events.ts).
  { action: 'dynamodb:BatchGetItem', leadingKeys: ['EVENT#*'] },
  // A record that failed its stream tries, parked, and the sweep's claim, later try and end of it (functions/events/parked-records.ts).
  { action: 'dynamodb:UpdateItem', leadingKeys: ['PARKED#*'] },
  { action: 'dynamodb:GetItem', leadingKeys: ['PARKED#*'] },
  { action: 'dynamodb:DeleteItem', leadingKeys: ['PARKED#*'] },
] as const;

/** The sweep's reads of the parked records' due tries (and the runbook's redrive of those given up), in the weekly-digest index. */
export const PARKED_RECORDS_INDEX_ACCESS = { action: 'dynamodb:Query', leadingKeys: ['PARKED_DUE#*', 'PARKED_FAILED'] } as const;

interface NotificationFanOutProps {
  table: ITable;
  changes: ChangeBus;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The notification fan-out: a function the table's stream invokes with new notification events
 * only, writing each recipient's notification and unread counter; a record that fails its stream
 * tries is parked, and the mailer's 5-minute schedule also invokes it to sweep the parked records
 * (stack.ts: one rule, no function, log group or rule more against the stack's 500 resources). It may write only notifications, counters and memberships, and read member sets.
 */
export class NotificationFanOut extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: Queue;
  readonly queue: Queue;

  constructor(scope: Construct, id: string, props: NotificationFanOutProps) {
    super(scope, id);
    const {
      function: fn,
      deadLetterQueue,
      queue,
      role,
    } = props.changes.consumer(this, {
      entry: FAN_OUT_ENTRY,
      description: 'Writes the notifications and adds the figures of new notification events (the change bus)',
      consumer: FAN_OUT_CONSUMER,
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = fn;
    this.deadLetterQueue = deadLetterQueue;
    this.queue = queue;
    for (const { action, leadingKeys } of FAN_OUT_TABLE_ACCESS) {
      role.addToPolicy(
        new PolicyStatement({
          actions: [action],
          resources: [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
        }),
      );
    }
    role.addToPolicy(
      new PolicyStatement({
        actions: [PARKED_RECORDS_INDEX_ACCESS.action],
        resources: [`${props.table.tableArn}/index/${OUTBOX_DUE_INDEX}`],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PARKED_RECORDS_INDEX_ACCESS.leadingKeys] } },
      }),
    );
  }
}
