import { randomUUID } from 'node:crypto';
import { type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { ensureTable, localClient } from '../../../infra/local/dynamodb-local';
import { startStreamPoller } from '../../../infra/local/stream-poller';
import { eventually } from '../support/eventually';

/**
 * The local event source mappings on a table that shares its DynamoDB Local with other tables, as
 * the suite's database holds the suite's table and the tables of tests that run a consumer of their
 * own (mailer-retries). DynamoDB Local numbers the stream records of all its tables with one counter.
 */
describe('the local stream poller', () => {
  it('hands a new table its first record when another table of the same database was written after the poller started', async () => {
    const endpoint = inject('dynamoDbEndpoint');
    const client = localClient(endpoint);
    const [watched, other] = [`stream-watched-${randomUUID().slice(0, 8)}`, `stream-other-${randomUUID().slice(0, 8)}`];
    await Promise.all([ensureTable(endpoint, watched), ensureTable(endpoint, other)]);
    const { poller, received } = await pollEveryRecord(endpoint, watched);
    try {
      const put = (tableName: string, id: string) =>
        client.send(new PutItemCommand({ TableName: tableName, Item: { PK: { S: id }, SK: { S: 'ITEM' } } }));
      // The poller holds an iterator for the watched table's empty shard; the other table takes the next record numbers.
      await put(other, 'elsewhere');
      await put(watched, 'first');
      await put(watched, 'second');
      const keys = await eventually(
        async () => received.map((record) => record.dynamodb?.Keys?.PK?.S),
        (seen) => seen.length >= 2,
      );
      expect(keys).toEqual(['first', 'second']);
    } finally {
      await poller.stop();
      await Promise.all([watched, other].map((TableName) => client.send(new DeleteTableCommand({ TableName }))));
      client.destroy();
    }
  });

  it("hands each consumer only the records its filter passes, in order, and one consumer's failures are its own dead letters", async () => {
    const endpoint = inject('dynamoDbEndpoint');
    const client = localClient(endpoint);
    const watched = `stream-consumers-${randomUUID().slice(0, 8)}`;
    await ensureTable(endpoint, watched);
    const keys = (records: DynamoDBRecord[]) => records.map((record) => record.dynamodb?.Keys?.PK?.S);
    const mailBatches: (string | undefined)[][] = [];
    const events: DynamoDBRecord[] = [];
    const ofType = (type: string) => [{ dynamodb: { NewImage: { type: { S: [type] } } } }];
    const put = (id: string, type: string) =>
      client.send(new PutItemCommand({ TableName: watched, Item: { PK: { S: id }, SK: { S: 'ITEM' }, type: { S: type } } }));
    // Written before the poller starts, so its first read (from the oldest record) holds them all and the batches are known.
    for (const [id, type] of [
      ['mail-1', 'MAIL'],
      ['event-1', 'EVENT'],
      ['other', 'OTHER'],
      ['mail-2', 'MAIL'],
      ['event-poisoned', 'EVENT'],
      ['mail-3', 'MAIL'],
      ['event-2', 'EVENT'],
    ])
      await put(id!, type!);
    const poller = await startStreamPoller({
      endpoint,
      tableName: watched,
      consumers: [
        {
          name: 'mail',
          filters: ofType('MAIL'),
          handler: async (event) => void mailBatches.push(keys(event.Records)),
          batchSize: 2,
          retryAttempts: 0,
          bisectBatchOnError: false,
        },
        {
          name: 'events',
          filters: ofType('EVENT'),
          // Takes the records before the poisoned one and reports that one failed: the batch is retried from it, once, then it and the rest are dead letters.
          handler: async (event) => {
            const poisoned = event.Records.findIndex((record) => record.dynamodb?.Keys?.PK?.S === 'event-poisoned');
            events.push(...event.Records.slice(0, poisoned < 0 ? undefined : poisoned));
            if (poisoned >= 0)
              return { batchItemFailures: [{ itemIdentifier: event.Records[poisoned]!.dynamodb!.SequenceNumber! }] };
          },
          batchSize: 10,
          retryAttempts: 1,
          bisectBatchOnError: false,
        },
      ],
    });
    try {
      await eventually(
        async () => [mailBatches.length, poller.deadLetters.events!.length],
        ([batches, dead]) => batches === 2 && dead === 2,
      );
      expect(mailBatches).toEqual([['mail-1', 'mail-2'], ['mail-3']]);
      expect(keys(events)).toEqual(['event-1']);
      expect(keys(poller.deadLetters.events!)).toEqual(['event-poisoned', 'event-2']);
      expect(poller.deadLetters.mail).toEqual([]);
    } finally {
      await poller.stop();
      await client.send(new DeleteTableCommand({ TableName: watched }));
      client.destroy();
    }
  });

  it('reads on when DynamoDB Local never answers a read: the call is given up, the records still come, and stop() returns', async () => {
    const endpoint = inject('dynamoDbEndpoint');
    const client = localClient(endpoint);
    const watched = `stream-unanswered-${randomUUID().slice(0, 8)}`;
    await ensureTable(endpoint, watched);
    const proxy = await unansweredFirstGetRecords(endpoint);
    const { poller, received } = await pollEveryRecord(proxy.endpoint, watched, { requestTimeoutMs: 500 });
    try {
      await client.send(new PutItemCommand({ TableName: watched, Item: { PK: { S: 'after-the-silence' }, SK: { S: 'ITEM' } } }));
      const keys = await eventually(
        async () => received.map((record) => record.dynamodb?.Keys?.PK?.S),
        (seen) => seen.length >= 1,
      );
      expect(proxy.swallowed()).toBe(1);
      expect(keys).toEqual(['after-the-silence']);
    } finally {
      await poller.stop();
      proxy.close();
      await client.send(new DeleteTableCommand({ TableName: watched }));
      client.destroy();
    }
  });
});

/** A poller handing every record of the table, at once, into `received`. */
async function pollEveryRecord(endpoint: string, tableName: string, options: { requestTimeoutMs?: number } = {}) {
  const received: DynamoDBRecord[] = [];
  const poller = await startStreamPoller({
    endpoint,
    tableName,
    consumers: [
      {
        name: 'stream-poller-test',
        filters: [{}],
        handler: async (event) => void received.push(...event.Records),
        batchSize: 10,
        retryAttempts: 0,
        bisectBatchOnError: false,
      },
    ],
    ...options,
  });
  return { poller, received };
}

/** A pass-through to DynamoDB Local that takes the first GetRecords request and never answers it. */
async function unansweredFirstGetRecords(target: string) {
  let swallowed = 0;
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    if (request.headers['x-amz-target'] === 'DynamoDBStreams_20120810.GetRecords' && swallowed === 0) {
      swallowed += 1;
      held.push(response);
      return;
    }
    const forwarded = httpRequest(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    swallowed: () => swallowed,
    close: () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}
