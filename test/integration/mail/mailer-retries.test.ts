import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DynamoDbLocal, LOCAL_AWS_ENV, ensureTable, startDynamoDbLocal } from '../../../infra/local/dynamodb-local';
import type { StreamPoller } from '../../../infra/local/stream-poller';
import { functionsNow } from '../support/functions-clock';
import { mailsTo, uniqueAddress, waitForMails } from '../support/inbox';
import { outboxItemsTo } from '../support/table';

/**
 * The mailer's delivery guarantees, through a real stream and the real SMTP catcher: a table of
 * this file's own, so the send function can fail on purpose without touching other tests' mail.
 * On a DynamoDB Local of its own too: on the run's shared one, after a file that seeded thousands of
 * items, this file's reads of its table kept the database's one SQLite thread busy for a minute (62
 * core-s of Java against 6 on a database of its own, docs/performance.md).
 */
const tableName = `mailer-retries-${randomUUID().slice(0, 8)}`;
let database: DynamoDbLocal;
let poller: StreamPoller;
let sends = 0;
/** Send attempts per address (a sweep may try other tests' mail meanwhile). */
const sendsTo = new Map<string, number>();
/** Addresses whose first send attempt fails (a transient SMTP or SES error). */
const failOnce = new Set<string>();
/** Addresses whose next sends fail, this many times (an outage longer than the stream's retries). */
const failTimes = new Map<string, number>();
/** The outcomes the mailer counted (the metrics it would emit). */
const counted: string[] = [];
/** What the mailer logged. */
const logged: Record<string, unknown>[] = [];
/** What this test's stand-in resolver of deferred mails answers, by the address they were queued for (the product's: functions/handlers/mailer/deferred-mail.ts). */
const deferredTo = new Map<string, { to: string; mail: { template: 'password-changed'; data: { fullName: string } } }>();
const deferred = { 'password-reset-request': async ({ data }: { data: { address: string } }) => deferredTo.get(data.address) };
let modules: Awaited<ReturnType<typeof load>>;
let settings: Parameters<Awaited<ReturnType<typeof load>>['deliver']['sweepOutbox']>[0];

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
  const laterTries = await import('../../../functions/mailer/later-tries');
  return { outbox, transact, deliver, transport, streamPoller, filter, client, laterTries };
}

beforeAll(async () => {
  // functions/db reads its table and endpoint once, on import: set them first.
  database = await startDynamoDbLocal({});
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: database.endpoint });
  await ensureTable(database.endpoint, tableName);
  modules = await load();
  const smtp = modules.transport.smtpTransport('127.0.0.1', inject('mailSmtpPort'), 'Growthwise <no-reply@growthwise.localhost>');
  const send: typeof smtp = async (to, mail) => {
    sends += 1;
    sendsTo.set(to, (sendsTo.get(to) ?? 0) + 1);
    if (failOnce.delete(to)) throw new Error('451 temporary failure (test)');
    const failing = failTimes.get(to) ?? 0;
    if (failing > 0) {
      failTimes.set(to, failing - 1);
      throw new Error('421 service not available (test)');
    }
    await smtp(to, mail);
  };
  settings = {
    send,
    siteUrl: 'http://localhost:3000',
    allowList: undefined,
    log: (entry) => void logged.push(entry),
    count: (outcome: string) => void counted.push(outcome),
    deferred,
  };
  poller = await modules.streamPoller.startStreamPoller({
    endpoint: database.endpoint,
    tableName,
    consumers: [
      {
        name: 'mailer',
        filters: [modules.filter.OUTBOX_STREAM_FILTER],
        ...modules.filter.MAILER_EVENT_SOURCE,
        handler: (event) => modules.deliver.deliverOutbox(event.Records, settings),
      },
    ],
  });
});

afterAll(async () => {
  await poller?.stop();
  await database?.stop();
});

/** The outbox item of the one mail to `to`, as it is now. */
async function outboxItemTo(to: string) {
  return (await outboxItemsTo(modules.client.db, tableName, to))[0];
}

/** When the mail's item is due for the sweeper now: its stuck check from the start, then each later try. */
const dueAtOf = (item: Record<string, unknown> | undefined) =>
  typeof item?.digestSort === 'string' ? modules.laterTries.laterTryOf(item.digestSort).dueAt : undefined;
const stuckCheckOf = (item: Record<string, unknown>) =>
  Date.parse(String(item.createdAt)) + modules.laterTries.STUCK_AFTER_MINUTES * 60_000;

/** Waits until the stream's tries of the mail to `to` have all failed and its later try is written. */
async function laterTryOf(to: string) {
  await expect.poll(async () => (await outboxItemTo(to))?.attempts, { timeout: 30_000 }).toBe(modules.laterTries.STREAM_TRIES);
  // The third failure moves the item's due try from its stuck check to its first later try.
  await expect
    .poll(
      async () => {
        const waiting = await outboxItemTo(to);
        return dueAtOf(waiting)! < stuckCheckOf(waiting!);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const item = (await outboxItemTo(to))!;
  await expect
    .poll(
      async () =>
        (await modules.laterTries.dueLaterTries(functionsNow() + 24 * 3_600_000)).filter(
          (laterTry) => laterTry.outboxId === item.id,
        ).length,
      { timeout: 10_000 },
    )
    .toBe(1);
  return (await modules.laterTries.dueLaterTries(functionsNow() + 24 * 3_600_000)).find(
    (laterTry) => laterTry.outboxId === item.id,
  )!;
}

const sendMail = (to: string) =>
  modules.transact.transactWrite([
    modules.outbox.outboxPut(to, { template: 'password-changed', data: { fullName: 'Grace Hopper' } }),
  ]);

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
    // The mail is in the inbox once SMTP has taken it; the mailer marks the item sent just after.
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const outboxItem = async () =>
      (
        await modules.client.db.send(
          new ScanCommand({
            TableName: tableName,
            ConsistentRead: true,
            FilterExpression: '#to = :to',
            ExpressionAttributeNames: { '#to': 'to' },
            ExpressionAttributeValues: { ':to': to },
          }),
        )
      ).Items![0]!;
    await expect.poll(async () => (await outboxItem()).status, { timeout: 10_000 }).toBe('sent');
    // Replay the item's stream record as a retried batch would carry it.
    const item = await outboxItem();
    expect(item.data).toBeUndefined();
    expect(item.ttl).toBeGreaterThan(Date.now() / 1000);
    const { marshall } = await import('@aws-sdk/util-dynamodb');
    const replay = { ...item, status: 'pending', data: { fullName: 'Grace Hopper' } };
    const before = sends;
    const result = await modules.deliver.deliverOutbox(
      [{ eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(replay) as never } }],
      {
        send: async () => void (sends += 1),
        siteUrl: 'http://localhost:3000',
        allowList: undefined,
        log: () => undefined,
        deferred,
      },
    );
    expect(result.batchItemFailures).toEqual([]);
    expect(sends).toBe(before);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("a mail whose send fails on each of the stream's 3 tries is tried again later by the sweeper, and delivered once", async () => {
    const to = uniqueAddress('outage');
    failTimes.set(to, 3);
    await sendMail(to);
    const laterTry = await laterTryOf(to);
    expect(laterTry.dueAt - functionsNow()).toBeGreaterThan(4 * 60_000);
    expect(await mailsTo(to)).toHaveLength(0);
    // Not yet due: the sweeper leaves it.
    await modules.deliver.sweepOutbox(settings, functionsNow());
    expect((await outboxItemTo(to))!.status).toBe('pending');
    await modules.deliver.sweepOutbox(settings, laterTry.dueAt + 1_000);
    await waitForMails(to, 1);
    const item = (await outboxItemTo(to))!;
    expect(item.status).toBe('sent');
    expect(item.attempts).toBe(3);
    expect(
      (await modules.laterTries.dueLaterTries(laterTry.dueAt + 24 * 3_600_000)).filter((waiting) => waiting.outboxId === item.id),
    ).toEqual([]);
    await modules.deliver.sweepOutbox(settings, laterTry.dueAt + 60 * 60_000);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("a mail that fails every try is tried again after 5, 30 and 120 minutes, then marked 'failed' and counted as undeliverable, once", async () => {
    const to = uniqueAddress('dead-mailbox');
    failTimes.set(to, 1_000);
    await sendMail(to);
    let laterTry = await laterTryOf(to);
    const waits: number[] = [];
    for (const expectedWait of [30, 120]) {
      const sweptAt = laterTry.dueAt + 1_000;
      await modules.deliver.sweepOutbox(settings, sweptAt);
      const item = (await outboxItemTo(to))!;
      expect(item.status).toBe('pending');
      laterTry = (await modules.laterTries.dueLaterTries(sweptAt + 24 * 3_600_000)).find(
        (waiting) => waiting.outboxId === item.id,
      )!;
      waits.push((laterTry.dueAt - sweptAt) / 60_000);
      expect(waits.at(-1)).toBe(expectedWait);
    }
    const undeliverableBefore = counted.filter((outcome) => outcome === 'MailsUndeliverable').length;
    await modules.deliver.sweepOutbox(settings, laterTry.dueAt + 1_000);
    const failed = (await outboxItemTo(to))!;
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(modules.laterTries.ALL_TRIES);
    expect(failed.lastError).toContain('421');
    expect(failed.data).toBeUndefined();
    expect(counted.filter((outcome) => outcome === 'MailsUndeliverable').length).toBe(undeliverableBefore + 1);
    // Nothing waits any more, and a later sweep sends nothing.
    await modules.deliver.sweepOutbox(settings, laterTry.dueAt + 24 * 3_600_000);
    expect((await outboxItemTo(to))!.attempts).toBe(modules.laterTries.ALL_TRIES);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  it("an invitation whose link mail fails every try is marked so (shown with Resend in Pending invitations); a resent invitation's old mail failing marks nothing", async () => {
    const [{ invitationKeys }, item] = await Promise.all([
      import('../../../functions/invitations/keys'),
      import('../../../functions/invitations/item'),
    ]);
    const orgId = `org-${randomUUID()}`;
    const invite = async (email: string) => {
      const invitation = item.newInvitation(
        { orgId, email, role: 'staff', invitedBy: { id: 'admin-1', fullName: 'Ada Admin' }, tokenHash: randomUUID() },
        functionsNow(),
      );
      await modules.client.db.send(
        new PutCommand({ TableName: tableName, Item: { ...invitationKeys.invitation(orgId, invitation.id), ...invitation } }),
      );
      return invitation;
    };
    const mailLink = (invitation: { email: string; id: string }, mailId: string) =>
      modules.transact.transactWrite([
        modules.outbox.outboxPut(
          invitation.email,
          {
            template: 'invitation',
            data: {
              organizationName: 'Acme',
              invitedByName: 'Ada Admin',
              role: 'staff',
              expiresAt: new Date(functionsNow() + 86_400_000).toISOString(),
              token: 'token',
            },
          },
          mailId,
          { orgId, id: invitation.id },
        ),
      ]);
    /** Runs the sweeper past every later try of the mail to `to`, until the mailer gives up on it. */
    const failForGood = async (to: string) => {
      let laterTry = await laterTryOf(to);
      // Three later tries, then 'failed' (docs/decisions/014): more sweeps than that is a mailer that never gives up.
      for (let sweep = 0; sweep < 6; sweep += 1) {
        await modules.deliver.sweepOutbox(settings, laterTry.dueAt + 1_000);
        const outboxItem = (await outboxItemTo(to))!;
        if (outboxItem.status === 'failed') return;
        const next = (await modules.laterTries.dueLaterTries(laterTry.dueAt + 24 * 3_600_000)).find(
          (waiting) => waiting.outboxId === outboxItem.id,
        );
        if (!next)
          throw new Error(
            `The mail to ${to} is ${outboxItem.status} after ${outboxItem.attempts} tries, with no later try waiting`,
          );
        laterTry = next;
      }
      throw new Error(`The mail to ${to} is not marked failed after 6 sweeps`);
    };
    const invitationNow = async (id: string) =>
      (
        await modules.client.db.send(
          new (await import('@aws-sdk/lib-dynamodb')).GetCommand({
            TableName: tableName,
            Key: invitationKeys.invitation(orgId, id),
          }),
        )
      ).Item as import('../../../functions/invitations/item').InvitationItem;

    const bounced = await invite(uniqueAddress('bounced-invitee'));
    failTimes.set(bounced.email, 1_000);
    await mailLink(bounced, bounced.mailId!);
    expect(item.toInvitationResponse(await invitationNow(bounced.id)).mailFailedAt).toBeUndefined();
    await failForGood(bounced.email);
    const marked = item.toInvitationResponse(await invitationNow(bounced.id));
    expect(marked.status).toBe('pending');
    expect(marked.mailFailedAt).toEqual(expect.any(String));

    // Resent meanwhile: the invitation's current mail is another one, so the old one's failure says nothing about it.
    const resent = await invite(uniqueAddress('resent-invitee'));
    failTimes.set(resent.email, 1_000);
    await mailLink(resent, `old-${randomUUID()}`);
    await failForGood(resent.email);
    expect(item.toInvitationResponse(await invitationNow(resent.id)).mailFailedAt).toBeUndefined();
    // Two mails through every try, each waiting up to 30 s on the stream (laterTryOf).
  }, 90_000);

  /**
   * A mail as a mailer that claimed it and then crashed or timed out leaves it (its stream record spent):
   * pending, written due for the stuck check, claimed; the stream's delivery of it finds the claim held.
   * Then the claim runs out, as it does 60 s after the crash.
   */
  async function crashedMail(to: string) {
    const put = modules.outbox.outboxPut(to, { template: 'password-changed', data: { fullName: 'Grace Hopper' } }).Put!
      .Item! as Record<string, unknown> & { id: string; createdAt: string };
    const writtenAt = Date.parse(put.createdAt);
    await modules.client.db.send(new PutCommand({ TableName: tableName, Item: { ...put, claimedUntil: writtenAt + 60_000 } }));
    await expect
      .poll(() => logged.some((entry) => entry.outboxId === put.id && entry.outcome === 'already-handled'), { timeout: 30_000 })
      .toBe(true);
    await modules.client.db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: put.PK, SK: put.SK },
        UpdateExpression: 'SET claimedUntil = :over',
        ExpressionAttributeValues: { ':over': writtenAt - 1 },
      }),
    );
    return { item: put, writtenAt, stuckAt: writtenAt + modules.laterTries.STUCK_AFTER_MINUTES * 60_000 };
  }

  it('a mail a crashed mailer left pending is sent by the sweeper 15 minutes after it was written, exactly once, though the sweeper and the stream try it at the same moment', async () => {
    const to = uniqueAddress('crashed');
    const { item, stuckAt } = await crashedMail(to);
    // Before its stuck check the sweeper leaves it: the stream may still be trying it.
    await modules.deliver.sweepOutbox(settings, stuckAt - 60_000);
    expect((await outboxItemTo(to))!.status).toBe('pending');
    const { marshall } = await import('@aws-sdk/util-dynamodb');
    const replay = {
      eventName: 'INSERT' as const,
      dynamodb: { SequenceNumber: '2', NewImage: marshall(item, { removeUndefinedValues: true }) as never },
    };
    // Two sweeper runs and a late stream retry at once, on one clock moved past the stuck check: each claims before sending, one claim wins.
    const offset = process.env.GROWTHWISE_CLOCK_OFFSET_MS;
    const { now } = await import('../../../functions/clock');
    process.env.GROWTHWISE_CLOCK_OFFSET_MS = String(Number(offset ?? 0) + (stuckAt + 1_000 - now().getTime()));
    try {
      await Promise.all([
        modules.deliver.sweepOutbox(settings),
        modules.deliver.sweepOutbox(settings),
        modules.deliver.deliverOutbox([replay], settings),
      ]);
    } finally {
      if (offset === undefined) delete process.env.GROWTHWISE_CLOCK_OFFSET_MS;
      else process.env.GROWTHWISE_CLOCK_OFFSET_MS = offset;
    }
    await waitForMails(to, 1);
    const sent = (await outboxItemTo(to))!;
    expect(sent.status).toBe('sent');
    expect(sent.digestSort).toBeUndefined();
    expect(sendsTo.get(to)).toBe(1);
    // Done: due for nothing, and a later sweep sends nothing.
    expect(
      (await modules.laterTries.dueLaterTries(stuckAt + 24 * 3_600_000)).filter((waiting) => waiting.outboxId === item.id),
    ).toEqual([]);
    await modules.deliver.sweepOutbox(settings, stuckAt + 60 * 60_000);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("a crashed mailer's mail that then fails every try is tried 5 minutes apart until the stream's tries are made up, then after 30 and 120 minutes, then marked 'failed' and counted as undeliverable", async () => {
    const to = uniqueAddress('crashed-dead-mailbox');
    failTimes.set(to, 1_000);
    const { stuckAt } = await crashedMail(to);
    const undeliverableBefore = counted.filter((outcome) => outcome === 'MailsUndeliverable').length;
    const waits: number[] = [];
    let sweptAt = stuckAt + 1_000;
    for (let sweep = 0; sweep < modules.laterTries.ALL_TRIES; sweep += 1) {
      await modules.deliver.sweepOutbox(settings, sweptAt);
      const dueAt = dueAtOf(await outboxItemTo(to));
      if (dueAt === undefined) break;
      waits.push((dueAt - sweptAt) / 60_000);
      sweptAt = dueAt + 1_000;
    }
    expect(waits).toEqual([5, 5, 5, 30, 120]);
    const failed = (await outboxItemTo(to))!;
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(modules.laterTries.ALL_TRIES);
    expect(counted.filter((outcome) => outcome === 'MailsUndeliverable').length).toBe(undeliverableBefore + 1);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  it('redrives a mail written before mail was due for the stuck check: the redrive makes it due now, the sweeper sends it once', async () => {
    const to = uniqueAddress('crashed-before-stuck-checks');
    const id = `crashed-${randomUUID()}`;
    const writtenAt = functionsNow();
    // As a mailer that claimed it and then crashed leaves it: pending, claimed; the stream's record is spent.
    await modules.client.db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          PK: `OUTBOX#${id}`,
          SK: 'OUTBOX',
          type: 'OUTBOX',
          id,
          to,
          template: 'password-changed',
          data: { fullName: 'Grace Hopper' },
          status: 'pending',
          createdAt: new Date(writtenAt).toISOString(),
          claimedUntil: writtenAt + 60_000,
        },
      }),
    );
    const redrive = await import('../../../functions/mailer/redrive');
    // Not yet stuck: left alone.
    expect((await redrive.redriveStuckOutboxItems(writtenAt + 60_000)).redriven).not.toContain(id);
    const later = writtenAt + (modules.laterTries.STUCK_AFTER_MINUTES + 1) * 60_000;
    expect((await redrive.redriveStuckOutboxItems(later)).redriven).toContain(id);
    // Due now: a second run leaves it to the sweeper.
    expect((await redrive.redriveStuckOutboxItems(later)).redriven).not.toContain(id);
    await modules.deliver.sweepOutbox(settings, later);
    await waitForMails(to, 1);
    expect((await outboxItemTo(to))!.status).toBe('sent');
    expect((await redrive.redriveStuckOutboxItems(later + 60_000)).redriven).not.toContain(id);
    await modules.deliver.sweepOutbox(settings, later + 60_000);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('a poison item (its template does not exist) does not hold up the next mail, and waits for the sweeper instead of the dead letters', async () => {
    const poisonTo = uniqueAddress('poison');
    const nextTo = uniqueAddress('after-poison');
    const id = `poison-${randomUUID()}`;
    await modules.client.db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          PK: `OUTBOX#${id}`,
          SK: 'OUTBOX',
          type: 'OUTBOX',
          id,
          to: poisonTo,
          template: 'no-such-template',
          status: 'pending',
          createdAt: new Date().toISOString(),
        },
      }),
    );
    await sendMail(nextTo);
    await waitForMails(nextTo, 1);
    await laterTryOf(poisonTo);
    expect(poller.deadLetters.mailer!.map((record) => JSON.stringify(record.dynamodb?.NewImage)).join()).not.toContain(poisonTo);
    expect(await mailsTo(poisonTo)).toHaveLength(0);
  });

  it('resolves a deferred mail as it sends it: the mail and address its resolver names, and none (skipped) where it names none', async () => {
    const [known, unknown] = [uniqueAddress('deferred-known'), uniqueAddress('deferred-unknown')];
    deferredTo.set(known, { to: known, mail: { template: 'password-changed', data: { fullName: 'Grace Hopper' } } });
    const skippedBefore = counted.filter((outcome) => outcome === 'MailsSkipped').length;
    await modules.transact.transactWrite(
      [known, unknown].map((address) =>
        modules.outbox.outboxPut(address, { template: 'password-reset-request', data: { address } }),
      ),
    );
    const [mail] = await waitForMails(known, 1);
    expect(mail!.subject).toBe('Your Growthwise password was changed');
    await expect
      .poll(async () => (await outboxItemsTo(modules.client.db, tableName, unknown)).map((item) => item.status), {
        timeout: 15_000,
      })
      .toEqual(['skipped']);
    expect(counted.filter((outcome) => outcome === 'MailsSkipped').length).toBe(skippedBefore + 1);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it("does not mail an address outside a preview stage's allow-list", async () => {
    const to = uniqueAddress('customer');
    const allowed = modules.transport.recipientAllowed;
    expect(allowed(to, 'qa@growthwise.example,@team.growthwise.example')).toBe(false);
    expect(allowed('someone@team.growthwise.example', 'qa@growthwise.example,@team.growthwise.example')).toBe(true);
    expect(allowed('QA@growthwise.example', 'qa@growthwise.example')).toBe(true);
    expect(allowed(to, undefined)).toBe(true);
  });
});
