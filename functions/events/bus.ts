import type { DynamoDBRecord, SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * The change-event backbone (docs/decisions/112): the table's stream reaches an EventBridge bus
 * through a Pipe that passes only change events and project changes; each consumer (the fan-out,
 * the automations, and next the webhooks and live updates) has a rule of its own on the bus and an
 * SQS queue whose dead letters keep the whole message. DynamoDB lets two readers read a stream's
 * shard; the mailer is one and the Pipe the other, however many consumers there are.
 */

/** What the Pipe names each event it puts on the bus (its target parameters), and the rules match. */
export const CHANGE_BUS = { source: 'growthwise.table', detailType: 'Table change' } as const;

/** New change events (`EVENT#e`): what the fan-out and the automations consume. */
export const CHANGE_EVENT_RECORDS = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['EVENT'] } } },
} as const;

/**
 * A project's changes: the fan-out counts a status move from the item's own record, where the
 * write copied the status it replaced (`statusFrom`, docs/decisions/067).
 */
export const PROJECT_CHANGE_RECORDS = {
  eventName: ['MODIFY'],
  dynamodb: { NewImage: { type: { S: ['PROJECT'] } } },
} as const;

/**
 * A webhook delivery an admin or an automation asked for at once (a test event, a retry, an
 * automation's action): written or rewritten with `asked`, which the consumer's claim removes, so
 * each asking passes once and a try's own writes never do (functions/webhooks/item.ts).
 */
export const WEBHOOK_DELIVERY_ASKED_RECORDS = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { type: { S: ['WEBHOOK_DELIVERY'] }, asked: { S: ['now'] } } },
} as const;

/** What the Pipe takes from the stream: a record passing any pattern (its filters are alternatives). */
export const PIPE_FILTERS = [CHANGE_EVENT_RECORDS, PROJECT_CHANGE_RECORDS, WEBHOOK_DELIVERY_ASKED_RECORDS] as const;

/** A consumer of the bus: its rule's patterns (on the event's detail: the stream record) and how its queue delivers. */
export interface BusConsumer {
  /** Record patterns: the rule matches an event whose detail passes any. */
  patterns: readonly object[];
  /** Messages a function invocation gets. */
  batchSize: number;
  /** Receives before a message goes to its dead-letter queue (where it is kept whole and can be redriven). */
  maxReceiveCount: number;
  /** How long a received message is hidden before it is delivered again: more than the function's timeout. */
  visibilityTimeoutSeconds: number;
}

/** An EventBridge event as the Pipe puts a stream record on the bus. */
export interface ChangeBusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: DynamoDBRecord;
}

/** The bus event of one stream record, as EventBridge builds it from the Pipe's target parameters (the local cloud builds it the same way). */
export function busEventOf(
  record: DynamoDBRecord,
  meta: { id: string; account: string; region: string; time: Date },
): ChangeBusEvent {
  return {
    version: '0',
    id: meta.id,
    'detail-type': CHANGE_BUS.detailType,
    source: CHANGE_BUS.source,
    account: meta.account,
    time: meta.time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: meta.region,
    resources: [],
    detail: record,
  };
}

/** The stream records a queue's messages carry, each with its message's id (for a partial batch failure). */
export function recordsOfMessages(event: SQSEvent): { record: DynamoDBRecord; messageId: string }[] {
  return event.Records.map((message) => ({
    record: (JSON.parse(message.body) as ChangeBusEvent).detail,
    messageId: message.messageId,
  }));
}

/** The messages of the records that failed, by the records' sequence numbers (a stream consumer's partial failure), as SQS retries them. */
export function failedMessages(
  messages: { record: DynamoDBRecord; messageId: string }[],
  failedSequenceNumbers: string[],
): SQSBatchResponse {
  const failed = new Set(failedSequenceNumbers);
  return {
    batchItemFailures: messages
      .filter(({ record }) => failed.has(record.dynamodb?.SequenceNumber ?? ''))
      .map(({ messageId }) => ({ itemIdentifier: messageId })),
  };
}
