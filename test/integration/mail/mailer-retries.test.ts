import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_AWS_ENV, ensureTable } from '../../../infra/local/dynamodb-local';
import type { StreamPoller } from '../../../infra/local/stream-poller';
import { mailsTo, uniqueAddress, waitForMails } from '../support/inbox';

/**
 * The mailer's delivery guarantees, through a real stream and the real SMTP catcher: a table of
 * this file's own, so the send function can fail on purpose without touching other tests' mail.
 */
const tableName = `mailer-retries-${randomUUID().slice(0, 8)}`;
let poller: StreamPoller;
let sends = 0;
/** Addresses whose first send attempt fails (a transient SMTP or SES error). */
const failOnce = new Set<string>();
let modules: Awaited<ReturnType<typeof load>>;

async function load() {
  const [outbox, transact, deliver, transport, streamPoller, filter, client] = await Promise.all([
    import('../../../functions/mailer/outbox'),
    import('../../../functions/db/transactions'),
    import('../../../functions/mailer/deliver-outbox'),
    import('../../../functions/mailer/transport'),
    import('../../../infra/local/stream-poller'),
    import('../../../functions/mailer/stream-filter'),
    import('../../../functions/db/client'),
  ]);
  return { outbox, transact, deliver, transport, streamPoller, filter, client };
}

beforeAll(async () => {
  // functions/db reads its table and endpoint once, on import: set them first.
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint') });
  await ensureTable(inject('dynamoDbEndpoint'), tableName);
  modules = await load();
  const smtp = modules.transport.smtpTransport('127.0.0.1', inject('mailSmtpPort'), 'Growthwise <no-reply@growthwise.localhost>');
  const send: typeof smtp = async (to, mail) => {
    sends += 1;
    if (failOnce.delete(to)) throw new Error('451 temporary failure (test)');
    await smtp(to, mail);
  };
  poller = await modules.streamPoller.startStreamPoller({
    name: 'mailer',
    endpoint: inject('dynamoDbEndpoint'),
    tableName,
    filter: modules.filter.OUTBOX_STREAM_FILTER,
    ...modules.filter.MAILER_EVENT_SOURCE,
    handler: (event) =>
      modules.deliver.deliverOutbox(event.Records, { send, siteUrl: 'http://localhost:3000', allowList: undefined, log: () => undefined }),
  });
});

afterAll(async () => {
  await poller?.stop();
});

const sendMail = (to: string) =>
  modules.transact.transactWrite([modules.outbox.outboxPut(to, { template: 'password-changed', data: { fullName: 'Grace Hopper' } })]);

describe('the mailer', () => {
  it('retries a send that failed once and delivers exactly one mail', async () => {
    const to = uniqueAddress('flaky');
    failOnce.add(to);
    const before = sends;
    await sendMail(to);
    const mails = await waitForMails(to, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(to)).toHaveLength(1);
    expect(sends - before).toBe(2);
    expect(mails[0]!.subject).toBe('Your Growthwise password was changed');
  });

  it('sends nothing twice when the same batch is delivered again (at-least-once delivery)', async () => {
    const to = uniqueAddress('duplicate');
    await sendMail(to);
    await waitForMails(to, 1);
    // Replay the item's stream record as a retried batch would carry it.
    const items = await modules.client.db.send(
      new (await import('@aws-sdk/lib-dynamodb')).ScanCommand({ TableName: tableName, FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' }, ExpressionAttributeValues: { ':to': to } }),
    );
    const item = items.Items![0]!;
    expect(item.status).toBe('sent');
    expect(item.data).toBeUndefined();
    expect(item.ttl).toBeGreaterThan(Date.now() / 1000);
    const { marshall } = await import('@aws-sdk/util-dynamodb');
    const replay = { ...item, status: 'pending', data: { fullName: 'Grace Hopper' } };
    const before = sends;
    const result = await modules.deliver.deliverOutbox(
      [{ eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(replay) as never } }],
      { send: async () => void (sends += 1), siteUrl: 'http://localhost:3000', allowList: undefined, log: () => undefined },
    );
    expect(result.batchItemFailures).toEqual([]);
    expect(sends).toBe(before);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('puts a poison item in the dead letters after the bounded retries, and goes on with the next', async () => {
    const poisonTo = uniqueAddress('poison');
    const nextTo = uniqueAddress('after-poison');
    const id = `poison-${randomUUID()}`;
    await modules.client.db.send(
      new PutCommand({
        TableName: tableName,
        Item: { PK: `OUTBOX#${id}`, SK: 'OUTBOX', type: 'OUTBOX', id, to: poisonTo, template: 'no-such-template', status: 'pending', createdAt: new Date().toISOString() },
      }),
    );
    await sendMail(nextTo);
    await waitForMails(nextTo, 1);
    expect(poller.deadLetters.map((record) => JSON.stringify(record.dynamodb?.NewImage)).join()).toContain(poisonTo);
    expect(await mailsTo(poisonTo)).toHaveLength(0);
  });

  it('does not mail an address outside a preview stage\'s allow-list', async () => {
    const to = uniqueAddress('customer');
    const allowed = modules.transport.recipientAllowed;
    expect(allowed(to, 'qa@growthwise.example,@team.growthwise.example')).toBe(false);
    expect(allowed('someone@team.growthwise.example', 'qa@growthwise.example,@team.growthwise.example')).toBe(true);
    expect(allowed('QA@growthwise.example', 'qa@growthwise.example')).toBe(true);
    expect(allowed(to, undefined)).toBe(true);
  });
});
