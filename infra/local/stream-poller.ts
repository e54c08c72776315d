import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent, SQSEvent, SQSRecord } from 'aws-lambda';
import { busEventOf } from '../../functions/events/bus';
import { LOCAL_AWS_ENV, localClient } from './dynamodb-local';
import { type FilterPattern, matchesFilter } from './event-filter';

/** A stream consumer's handler; a bus consumer's gets an SQSEvent instead (queueEventOf). */
export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;

/**
 * A function the stream invokes: one event source mapping of the cloud (`stream`), or one consumer
 * of the change bus (`bus`: the Pipe, the consumer's rule and its queue, which hand it the record as
 * an EventBridge event in an SQS message: functions/events/bus.ts).
 */
export interface StreamConsumer {
  delivery?: 'stream' | 'bus';
  /** The function's name, as Lambda hands it in the context. */
  name: string;
  /** A record passing any of them is handed over (the mapping's filters). */
  filters: readonly FilterPattern[];
  handler: StreamHandler;
  batchSize: number;
  retryAttempts: number;
  bisectBatchOnError: boolean;
}

interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  /**
   * The first wait after a read that found nothing; each further empty read doubles it up to
   * `maxIdleMs`, and a read with records resets it (Lambda polls a stream about four times a second).
   */
  idleMs?: number;
  maxIdleMs?: number;
  /**
   * How long one Streams API call may take before it is given up and the loop reads again. DynamoDB
   * Local answers GetRecords at once (it does not wait for records as the cloud may); a call it never
   * answered had the poller wait for good: no record delivered, and `stop()` never returning (CI,
   * 2026-11-27: the stream-poller test timed out after its read found nothing for 15 s).
   */
  requestTimeoutMs?: number;
}

export interface StreamPoller {
  /** Each consumer's records that failed every retry: where the cloud's dead-letter queue would hold them. */
  deadLetters: Record<string, DynamoDBRecord[]>;
  stop: () => Promise<void>;
}

/**
 * The local stand-in for the Lambda event source mappings on the table's stream: reads DynamoDB
 * Local's stream (the DynamoDB Streams API on the same endpoint) and hands each consumer the records
 * its filters pass, in Lambda's event shape, batch by batch and in order per shard. A failed batch is
 * retried from its first failed record (ReportBatchItemFailures), split in two when bisecting, at
 * most `retryAttempts` times; then its records are that consumer's dead letters.
 *
 * One reader for all consumers, where the cloud has a mapping each: a reader each read and parsed
 * every record once per consumer, and the records of a test's seeded organization, which no
 * consumer wants, cost more to read twice than to write (docs/decisions/086). The price: a read
 * waits for every consumer's batches, so one consumer's retries delay the others by that much.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const tables = localClient(options.endpoint);
  const table = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);
  const streams = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
    // The loop is the retry: it reads again at once, with the iterator the failed call did not advance.
    maxAttempts: 1,
    // Without throwOnRequestTimeout the timeout only logs a warning and the call waits on.
    requestHandler: { requestTimeout: options.requestTimeoutMs ?? 10_000, throwOnRequestTimeout: true },
  });
  const idleMs = options.idleMs ?? 100;
  // A poller reading an idle stream ten times a second costs DynamoDB Local and this process about a
  // twentieth of a core, for a whole test run or `npm start`; a quiet stream is read less often.
  const maxIdleMs = options.maxIdleMs ?? 800;
  let idleWait = idleMs;
  let wake: (() => void) | undefined;
  const deadLetters = Object.fromEntries(options.consumers.map((consumer) => [consumer.name, [] as DynamoDBRecord[]]));
  /** Open shards and where we are in each; a finished shard stays with `undefined` so it is not read again. */
  const iterators = new Map<string, string | undefined>();
  let stopped = false;
  let lastShardScan = 0;

  // From the oldest record kept: what was written while nothing polled still goes out (the claim stops repeats).
  const iteratorFromOldest = async (shardId: string) =>
    (
      await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }),
      )
    ).ShardIterator;

  const scanShards = async () => {
    const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of out.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      iterators.set(shard.ShardId, await iteratorFromOldest(shard.ShardId));
    }
    lastShardScan = Date.now();
  };

  const invoke = async (consumer: StreamConsumer, records: DynamoDBRecord[]): Promise<number | undefined> => {
    try {
      const event =
        consumer.delivery === 'bus' ? (queueEventOf(records) as unknown as DynamoDBStreamEvent) : { Records: records };
      const result = await consumer.handler(event, {
        awsRequestId: crypto.randomUUID(),
        functionName: consumer.name,
      } as Context);
      const failed = result?.batchItemFailures ?? [];
      if (failed.length === 0) return undefined;
      const indexes = failed.map((failure) =>
        records.findIndex((record) => record.dynamodb?.SequenceNumber === failure.itemIdentifier),
      );
      // An identifier that names no record of the batch fails the whole batch, as Lambda does.
      return indexes.some((index) => index < 0) ? 0 : Math.min(...indexes);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          source: 'stream-poller',
          function: consumer.name,
          error: String((error as Error)?.message ?? error),
        }),
      );
      return 0;
    }
  };

  const deliver = async (consumer: StreamConsumer, records: DynamoDBRecord[], retriesLeft: number): Promise<void> => {
    const failedFrom = await invoke(consumer, records);
    if (failedFrom === undefined) return;
    const remaining = records.slice(failedFrom);
    if (retriesLeft <= 0) {
      deadLetters[consumer.name]!.push(...remaining);
      console.error(
        JSON.stringify({
          level: 'error',
          source: 'stream-poller',
          function: consumer.name,
          deadLetters: remaining.map((record) => record.dynamodb?.SequenceNumber),
        }),
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (consumer.bisectBatchOnError && remaining.length > 1) {
      const half = Math.ceil(remaining.length / 2);
      await deliver(consumer, remaining.slice(0, half), retriesLeft - 1);
      await deliver(consumer, remaining.slice(half), retriesLeft - 1);
      return;
    }
    await deliver(consumer, remaining, retriesLeft - 1);
  };

  // Each consumer gets its batches in order; the consumers side by side, as their mappings would be.
  const deliverToEach = (records: DynamoDBRecord[]) =>
    Promise.all(
      options.consumers.map(async (consumer) => {
        const wanted = records.filter((record) => consumer.filters.some((pattern) => matchesFilter(pattern, record)));
        for (let i = 0; i < wanted.length; i += consumer.batchSize)
          await deliver(consumer, wanted.slice(i, i + consumer.batchSize), consumer.retryAttempts);
      }),
    );

  // As many records a read as the Streams API gives (1,000): a burst of another file's seeded items
  // goes by in a few reads, not dozens, before the next mail behind it.
  const pollShard = async (shardId: string, iterator: string) => {
    const out = await streams
      .send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }))
      .catch(async (error: unknown) => {
        if ((error as Error).name !== 'TrimmedDataAccessException') throw error;
        // DynamoDB Local numbers the records of all its tables with one counter, and an iterator taken
        // while this shard was empty points at the number the shard began at: once another table's
        // write has taken that number, this table's first record lies after it and every read is
        // refused as "past the oldest record". Taken again now, the iterator starts at the oldest kept.
        iterators.set(shardId, await iteratorFromOldest(shardId));
        return undefined;
      });
    if (!out) return false;
    iterators.set(shardId, out.NextShardIterator);
    await deliverToEach((out.Records ?? []).map((record) => toLambdaRecord(record, streamArn)));
    return (out.Records?.length ?? 0) > 0;
  };

  // Started means reading: the shards there now have their iterators before the caller writes.
  await scanShards();
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        // New shards appear as DynamoDB Local rolls them over: a closed one has no next iterator, and
        // once none is left the scan comes at once; the periodic one finds a shard opened beside another.
        if (Date.now() - lastShardScan > 10_000 || [...iterators.values()].every((it) => it === undefined)) await scanShards();
        for (const [shardId, iterator] of iterators) {
          if (iterator && !stopped) busy = (await pollShard(shardId, iterator)) || busy;
        }
      } catch (error) {
        if (!stopped)
          console.error(
            JSON.stringify({
              level: 'error',
              source: 'stream-poller',
              functions: options.consumers.map((consumer) => consumer.name),
              error: String((error as Error)?.message ?? error),
            }),
          );
      }
      if (busy) idleWait = idleMs;
      else if (!stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, idleWait);
        });
        idleWait = Math.min(maxIdleMs, idleWait * 2);
      }
    }
  })();

  return {
    deadLetters,
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      streams.destroy();
    },
  };
}

/**
 * The records as their queue would deliver them: each the body of an SQS message holding the bus
 * event the Pipe made of it, whose message id is the record's sequence number (unique in the stream),
 * so a partial failure names its records as a stream consumer's does.
 */
function queueEventOf(records: DynamoDBRecord[]): SQSEvent {
  return {
    Records: records.map((record): SQSRecord => {
      const id = record.dynamodb?.SequenceNumber ?? crypto.randomUUID();
      const time = new Date((record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000);
      return {
        messageId: id,
        receiptHandle: id,
        body: JSON.stringify(busEventOf(record, { id, account: LOCAL_ACCOUNT, region: LOCAL_AWS_ENV.AWS_REGION, time })),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(time.getTime()),
          SenderId: 'events.amazonaws.com',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:${LOCAL_AWS_ENV.AWS_REGION}:${LOCAL_ACCOUNT}:local-change-queue`,
        awsRegion: LOCAL_AWS_ENV.AWS_REGION,
      };
    }),
  };
}

/** The account the local cloud's stand-ins name (there is none). */
const LOCAL_ACCOUNT = '000000000000';

/** A Streams API record in the shape Lambda hands to a function (dates as epoch seconds, the stream's ARN). */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const data = record.dynamodb;
  const created = data?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: record.eventSource ?? 'aws:dynamodb',
    awsRegion: record.awsRegion ?? LOCAL_AWS_ENV.AWS_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: data?.Keys as never,
      ...(data?.NewImage ? { NewImage: data.NewImage as never } : {}),
      SequenceNumber: data?.SequenceNumber,
      SizeBytes: data?.SizeBytes,
      StreamViewType: data?.StreamViewType as never,
    },
  };
}
