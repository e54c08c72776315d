import { GetCommand, PutCommand, TransactWriteCommand, type UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ChangeEventItem } from '../../../functions/events/change-event';
import { eventKeys } from '../../../functions/events/keys';
import { projectKeys } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addUsersDirectly } from '../support/org-members';
import { testTable } from '../support/table';
import { storedNotifications } from './seed-notifications';

let modules: Awaited<ReturnType<typeof load>>;
const load = async () => ({
  event: await import('../../../functions/events/change-event'),
  fanOut: await import('../../../functions/notifications/fan-out'),
  client: await import('../../../functions/db/client'),
  reads: await import('../../../functions/db/reads'),
  parked: await import('../../../functions/events/parked-records'),
  notificationReads: await import('../../../functions/notifications/reads'),
  counter: await import('../../../functions/db/call-counter'),
});

beforeAll(async () => {
  // functions/db reads its table and endpoint once, on import: set them first.
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint') });
  modules = await load();
});

/** The person's unread count as GET /api/notifications/unread/count answers it (no mark-all-read in these tests). */
const unreadCountOf = async (userId: string) => (await modules.notificationReads.unreadOf(userId, undefined)).count;

/** `read` of each user, 25 at a time: 500 readers at once kept a loaded DynamoDB Local from accepting connections in time. */
async function eachUser<T>(userIds: string[], read: (userId: string) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < userIds.length; start += 25)
    answers.push(...(await Promise.all(userIds.slice(start, start + 25).map(read))));
  return answers;
}

/** Each user's stored notifications and unread count, once every one has at least `count` notifications. */
async function delivered(userIds: string[], count: number) {
  // A limit, not a timing: 500 recipients through the local stream took over 15 s on a loaded machine.
  const limitMs = 15_000 + userIds.length * 100;
  // The last recipient first, alone: while the fan-out is still writing, one reader polls instead of 500
  // (each every 100 ms, they kept DynamoDB Local answering them while the writes waited behind).
  await eventually(
    () => storedNotifications(userIds.at(-1)!),
    (items) => items.length >= count,
    limitMs,
  );
  return eachUser(userIds, async (userId) => {
    const notifications = await eventually(
      () => storedNotifications(userId),
      (items) => items.length >= count,
      limitMs,
    );
    return { notifications: notifications.length, unread: await unreadCountOf(userId) };
  });
}

/** The stream record Lambda hands the fan-out for a new event item. */
function streamRecord(
  orgId: string,
  recipientIds: string[],
  sequence: string,
  figures?: Record<string, number>,
): { event: ChangeEventItem; record: DynamoDBRecord } {
  const [put] = modules.event.changeEventPut(
    orgId,
    recipientIds,
    { title: 'Project status changed', content: 'The project "Fan" is now Completed.', linkUrl: '/projects/x' },
    figures,
  );
  const event = put!.Put!.Item as ChangeEventItem;
  return { event, record: { eventName: 'INSERT', dynamodb: { NewImage: marshall(event) as never, SequenceNumber: sequence } } };
}

const quiet = () => undefined;

/**
 * An event's item as its change wrote it, but of a type the stream filter does not pass: the local
 * cloud's own poller leaves it to the test's deliveries (the marks need only the item).
 */
const heldFromThePoller = (event: ChangeEventItem) => ({ ...eventKeys.changeEvent(event.id), ...event, type: 'HELD' });

/** The consumer run over one record while its `nth` notification Put loses its connection. */
async function runFailingPut(nth: number, record: DynamoDBRecord) {
  const send = modules.client.db.send.bind(modules.client.db);
  let puts = 0;
  const spy = vi.spyOn(modules.client.db, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
    if (command.constructor.name === 'PutCommand' && ++puts === nth)
      return Promise.reject(Object.assign(new Error('socket hang up (test)'), { name: 'Error' }));
    return send(command as never);
  }) as never);
  try {
    return await modules.fanOut.fanOutNotifications([record], quiet);
  } finally {
    spy.mockRestore();
  }
}

describe('the notification fan-out', () => {
  it(
    'notifies every member of a project exactly once per change, beyond one chunk of recipients',
    { timeout: 90_000 },
    async () => {
      const ada = await registerOrganization();
      const members = await addUsersDirectly(ada.orgId, 40);
      const project = await ada.call('/api/projects', {
        body: { name: 'Fan', description: null, status: 'planning', dueDate: null },
      });
      expect(
        (
          await ada.call(`/api/projects/${project.body.id}/members`, {
            method: 'PUT',
            body: { memberIds: [ada.user.id, ...members] },
          })
        ).status,
      ).toBe(200);
      expect(new Set((await delivered(members, 1)).map((each) => JSON.stringify(each)))).toEqual(
        new Set([JSON.stringify({ notifications: 1, unread: 1 })]),
      );

      expect(
        (await ada.call(`/api/projects/${project.body.id}`, { method: 'PATCH', body: { status: 'completed' } })).status,
      ).toBe(200);
      expect(new Set((await delivered(members, 2)).map((each) => JSON.stringify(each)))).toEqual(
        new Set([JSON.stringify({ notifications: 2, unread: 2 })]),
      );
      expect(await storedNotifications(ada.user.id)).toEqual([]);
    },
  );

  it('writes nothing twice when the same events are delivered again; a recipient who is gone is left a notification that expires', async () => {
    const ada = await registerOrganization();
    const members = await addUsersDirectly(ada.orgId, 30);
    const { event, record } = streamRecord(ada.orgId, [...members, 'gone-user'], '1');
    expect(await modules.fanOut.fanOutNotifications([record, record], quiet)).toEqual({ batchItemFailures: [] });
    expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
    const states = await delivered(members, 1);
    expect(states.every((state) => state.notifications === 1 && state.unread === 1)).toBe(true);
    const [first] = await storedNotifications(members[0]!);
    expect(first).toMatchObject({ title: 'Project status changed', createdAt: event.createdAt, isRead: false });
    // Nothing reads the organization to find out: no one can sign in as them, and it expires with the unread ones (docs/decisions/102).
    const [left] = await storedNotifications('gone-user');
    expect(left!.ttl).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 91 * 24 * 3600);
  });

  it('fails the record when a write fails halfway, and the retry notifies the rest exactly once', async () => {
    const ada = await registerOrganization();
    const members = await addUsersDirectly(ada.orgId, 30);
    const { record } = streamRecord(ada.orgId, members, '7');
    // The first Put of the second chunk loses its connection; the chunk's others were sent beside it.
    expect(await runFailingPut(modules.fanOut.RECIPIENTS_PER_CHUNK + 1, record)).toEqual({
      batchItemFailures: [{ itemIdentifier: '7' }],
    });
    const halfway = await eachUser(members, storedNotifications);
    expect(halfway.filter((items) => items.length === 1)).toHaveLength(2 * modules.fanOut.RECIPIENTS_PER_CHUNK - 1);

    expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
    const states = await delivered(members, 1);
    expect(states.every((state) => state.notifications === 1 && state.unread === 1)).toBe(true);
  });

  it(
    'notifies all 500 recipients of a change exactly once, also delivered twice and after failing halfway',
    { timeout: 180_000 },
    async () => {
      const ada = await registerOrganization();
      const members = await addUsersDirectly(ada.orgId, 500);
      const { record } = streamRecord(ada.orgId, members, '9');
      // The first Put of the eleventh chunk loses its connection.
      expect(await runFailingPut(10 * modules.fanOut.RECIPIENTS_PER_CHUNK + 1, record)).toEqual({
        batchItemFailures: [{ itemIdentifier: '9' }],
      });
      expect(await modules.fanOut.fanOutNotifications([record, record], quiet)).toEqual({ batchItemFailures: [] });
      expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
      const states = await delivered(members, 1);
      expect(states.filter((state) => state.notifications !== 1 || state.unread !== 1)).toEqual([]);
    },
  );

  it(
    'a status change of a project of 500 members notifies all 500 exactly once, also when the consumer runs twice over its event and after failing halfway',
    { timeout: 300_000 },
    async () => {
      const ada = await registerOrganization();
      const members = await addUsersDirectly(ada.orgId, 500);
      const project = await ada.call('/api/projects', {
        body: { name: 'Five hundred', description: null, status: 'planning', dueDate: null },
      });
      // Ada, the admin who changes it, is not one of the 500.
      const put = await ada.call(`/api/projects/${project.body.id}/members`, { method: 'PUT', body: { memberIds: members } });
      expect(put.status).toBe(200);
      expect(put.body).toHaveLength(500);
      // The members' own items, written in chunks by the request: every one a member at the change's version.
      const memberships = await modules.reads.batchGet(
        members.map((userId) => projectKeys.membership(ada.orgId, userId, project.body.id)),
        { consistentRead: true },
      );
      expect([...memberships.values()].filter((item) => item.member === true && item.version === 1)).toHaveLength(500);
      const detail = await ada.call(`/api/projects/${project.body.id}`);
      expect(detail.body.members.map((member: { id: string }) => member.id)).toEqual(members);
      expect(new Set((await delivered(members, 1)).map((each) => JSON.stringify(each)))).toEqual(
        new Set([JSON.stringify({ notifications: 1, unread: 1 })]),
      );

      // Through the API and the local cloud's stream: the event names the project, the consumer reads its 500 members.
      expect(
        (await ada.call(`/api/projects/${project.body.id}`, { method: 'PATCH', body: { status: 'completed' } })).status,
      ).toBe(200);
      expect(new Set((await delivered(members, 2)).map((each) => JSON.stringify(each)))).toEqual(
        new Set([JSON.stringify({ notifications: 2, unread: 2 })]),
      );
      expect(await storedNotifications(ada.user.id)).toEqual([]);

      // The same kind of event handed to the consumer directly: it fails halfway, then runs twice.
      const [put2] = modules.event.changeEventPut(
        ada.orgId,
        [],
        {
          title: 'Project status changed',
          content: 'The project "Five hundred" is now On Hold.',
          linkUrl: `/projects/${project.body.id}`,
        },
        undefined,
        {
          audience: { projectId: project.body.id, exceptId: ada.user.id },
        },
      );
      const event = put2!.Put!.Item as ChangeEventItem;
      const record: DynamoDBRecord = {
        eventName: 'INSERT',
        dynamodb: { NewImage: marshall(event) as never, SequenceNumber: '11' },
      };
      // The first Put of the eleventh chunk loses its connection: the chunks before it and the rest of its own are written.
      expect(await runFailingPut(10 * modules.fanOut.RECIPIENTS_PER_CHUNK + 1, record)).toEqual({
        batchItemFailures: [{ itemIdentifier: '11' }],
      });
      const halfway = await eachUser(members, storedNotifications);
      expect(halfway.filter((items) => items.length === 3)).toHaveLength(11 * modules.fanOut.RECIPIENTS_PER_CHUNK - 1);
      expect(await modules.fanOut.fanOutNotifications([record, record], quiet)).toEqual({ batchItemFailures: [] });
      expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
      const states = await delivered(members, 3);
      expect(states.filter((state) => state.notifications !== 3 || state.unread !== 3)).toEqual([]);
      expect(await storedNotifications(ada.user.id)).toEqual([]);
    },
  );

  it(
    "writes at most 2 write units per recipient for a 500-member project's status change, none of them in the organization's partition",
    { timeout: 180_000 },
    async () => {
      const ada = await registerOrganization();
      const members = await addUsersDirectly(ada.orgId, 500);
      const project = await ada.call('/api/projects', {
        body: { name: 'Budget', description: null, status: 'planning', dueDate: null },
      });
      expect(
        (await ada.call(`/api/projects/${project.body.id}/members`, { method: 'PUT', body: { memberIds: members } })).status,
      ).toBe(200);
      await delivered(members, 1);
      const [put] = modules.event.changeEventPut(
        ada.orgId,
        [],
        {
          title: 'Project status changed',
          content: 'The project "Budget" is now Completed.',
          linkUrl: '/projects/x',
          digest: 'status',
        },
        undefined,
        { audience: { projectId: project.body.id, exceptId: ada.user.id } },
      );
      const event = put!.Put!.Item as ChangeEventItem;
      const record: DynamoDBRecord = {
        eventName: 'INSERT',
        dynamodb: { NewImage: marshall(event) as never, SequenceNumber: '21' },
      };
      const written = await modules.counter.runCounting(async () => {
        expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
        return modules.counter.writesSoFar();
      });
      // Per recipient the notification (its Put, under 1 KB) and its weekly-digest index entry: nothing else.
      expect(written.keys).toHaveLength(500);
      expect(written.keys.filter((key) => key.startsWith(`ORG#${ada.orgId} `))).toEqual([]);
      expect(written.units + written.indexUnits).toBeLessThanOrEqual(2 * 500);
      expect(written.transactions).toBe(0);
      console.log(
        JSON.stringify({
          fanOutOf500: { tableUnits: written.units, indexUnits: written.indexUnits, items: written.keys.length },
        }),
      );
    },
  );

  it("adds each event's figures to its organization exactly once, however often and in whatever batches it is delivered", async () => {
    const ada = await registerOrganization();
    const { db, tableName } = testTable();
    const events = ['1', '2', '3'].map((sequence) =>
      streamRecord(ada.orgId, [], sequence, { count_planning: 1, created_2025_test: 1 }),
    );
    // The event items exist, as the changes' transactions wrote them: the local cloud's own poller delivers them too.
    for (const { event } of events)
      await db.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: tableName, Item: { ...eventKeys.changeEvent(event.id), ...event } } }],
        }),
      );
    const [first, second, third] = events.map(({ record }) => record);
    expect(await modules.fanOut.fanOutNotifications([first!, second!, first!], quiet)).toEqual({ batchItemFailures: [] });
    expect(await modules.fanOut.fanOutNotifications([second!, third!], quiet)).toEqual({ batchItemFailures: [] });
    expect(await modules.fanOut.fanOutNotifications([third!, first!], quiet)).toEqual({ batchItemFailures: [] });
    const figures = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    expect(figures.Item).toMatchObject({ count_planning: 3, created_2025_test: 3 });
  });

  it('counts a delivery that stopped after adding and before marking its events once, when it is delivered again', async () => {
    const ada = await registerOrganization();
    const { db, tableName } = testTable();
    const events = ['1', '2'].map((sequence) => streamRecord(ada.orgId, [], sequence, { count_active: 1 }));
    for (const { event } of events) await db.send(new PutCommand({ TableName: tableName, Item: heldFromThePoller(event) }));
    const records = events.map(({ record }) => record);
    // The marks' writes fail, as a function cut off after its ADD would leave them (the claims go through).
    const send = modules.client.db.send.bind(modules.client.db);
    const spy = vi.spyOn(modules.client.db, 'send').mockImplementation(((command: UpdateCommand) => {
      const { Key, ExpressionAttributeNames } = command.input as { Key?: { PK?: string }; ExpressionAttributeNames?: object };
      const marks = Object.values(ExpressionAttributeNames ?? {}).includes('countedAt');
      if (command.constructor.name === 'UpdateCommand' && Key?.PK?.startsWith('EVENT#') && marks)
        return Promise.reject(Object.assign(new Error('socket hang up (test)'), { name: 'Error' }));
      return send(command as never);
    }) as never);
    try {
      const failed = await modules.fanOut.fanOutNotifications(records, quiet);
      expect(failed.batchItemFailures).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
    const stopped = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    expect(stopped.Item).toMatchObject({ count_active: 2 });
    expect([...(stopped.Item?.countingEvents ?? [])].sort()).toEqual(events.map(({ event }) => event.id).sort());
    // While the cut-off delivery's claims hold (5 minutes), another adds nothing; past them it finishes the count.
    expect(await modules.fanOut.fanOutNotifications(records, quiet)).toEqual({ batchItemFailures: [] });
    const held = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    expect(held.Item).toMatchObject({ count_active: 2 });
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', String(Number(process.env.GROWTHWISE_CLOCK_OFFSET_MS ?? 0) + 6 * 60_000));
    try {
      expect(await modules.fanOut.fanOutNotifications(records, quiet)).toEqual({ batchItemFailures: [] });
    } finally {
      vi.unstubAllEnvs();
    }
    const figures = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    expect(figures.Item).toMatchObject({ count_active: 2 });
    expect(figures.Item?.countingEvents).toBeUndefined();
  });

  it("parks a record that failed each of the stream's 3 tries so the stream goes on, and the sweeper's later try fans it out once", async () => {
    const ada = await registerOrganization();
    const [member] = await addUsersDirectly(ada.orgId, 1);
    const { db, tableName } = testTable();
    const { event, record } = streamRecord(ada.orgId, [member!], 'p1', { count_completed: 1 });
    await db.send(new PutCommand({ TableName: tableName, Item: heldFromThePoller(event) }));
    const answers = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) answers.push(await runFailingPut(1, record));
    // Two failures go back to the stream; the third parks the record and the stream goes on.
    expect(answers.map((answer) => answer.batchItemFailures.length)).toEqual([1, 1, 0]);
    expect(await storedNotifications(member!)).toHaveLength(0);
    const source = eventKeys.changeEvent(event.id);
    const parkedKey = { PK: `PARKED#fan-out#${source.PK}#${source.SK}`, SK: 'PARKED' };
    const parked = (await db.send(new GetCommand({ TableName: tableName, Key: parkedKey, ConsistentRead: true }))).Item;
    expect(parked).toMatchObject({ status: 'parked', failures: 3, image: { id: event.id, type: 'EVENT' } });
    const dueAt = Number(String(parked?.digestSort).slice(0, 15));

    // Not due yet: the sweeper leaves it.
    expect(await modules.fanOut.sweepParkedRecords(quiet, dueAt - 1_000)).toMatchObject({ done: 0 });
    expect(await modules.fanOut.sweepParkedRecords(quiet, dueAt + 1_000)).toMatchObject({ done: 1, givenUp: 0 });
    expect(await storedNotifications(member!)).toHaveLength(1);
    expect((await db.send(new GetCommand({ TableName: tableName, Key: parkedKey, ConsistentRead: true }))).Item).toBeUndefined();
    const figures = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    // Counted once: the figures went through on the stream's first try (the notification's write failed after).
    expect(figures.Item).toMatchObject({ count_completed: 1 });
    // A redelivery, or a second sweep, writes nothing more.
    expect(await modules.fanOut.sweepParkedRecords(quiet, dueAt + 60 * 60_000)).toMatchObject({ done: 0 });
    expect(await modules.fanOut.fanOutNotifications([record], quiet)).toEqual({ batchItemFailures: [] });
    expect(await storedNotifications(member!)).toHaveLength(1);
  });

  it("leaves a parked record 'failed' after the sweeper's 3 later tries (5, 30 and 120 minutes on), and the runbook's redrive parks it again", async () => {
    const ada = await registerOrganization();
    const [member] = await addUsersDirectly(ada.orgId, 1);
    const { db, tableName } = testTable();
    const { event, record } = streamRecord(ada.orgId, [member!], 'g1');
    await db.send(new PutCommand({ TableName: tableName, Item: heldFromThePoller(event) }));
    for (let attempt = 1; attempt <= 3; attempt += 1) await runFailingPut(1, record);
    const source = eventKeys.changeEvent(event.id);
    const parkedKey = { PK: `PARKED#fan-out#${source.PK}#${source.SK}`, SK: 'PARKED' };
    const parkedItem = async () =>
      (await db.send(new GetCommand({ TableName: tableName, Key: parkedKey, ConsistentRead: true }))).Item;
    const send = modules.client.db.send.bind(modules.client.db);
    const spy = vi.spyOn(modules.client.db, 'send').mockImplementation(((command: PutCommand) => {
      const item = (command.input as { Item?: { PK?: string } }).Item;
      if (command.constructor.name === 'PutCommand' && item?.PK === `USER#${member}`)
        return Promise.reject(Object.assign(new Error('socket hang up (test)'), { name: 'Error' }));
      return send(command as never);
    }) as never);
    const waits: number[] = [];
    try {
      for (let laterTry = 1; laterTry <= 3; laterTry += 1) {
        const before = await parkedItem();
        const dueAt = Number(String(before?.digestSort).slice(0, 15));
        const answer = await modules.fanOut.sweepParkedRecords(quiet, dueAt + 1_000);
        const after = await parkedItem();
        if (laterTry < 3) waits.push(Math.round((Number(String(after?.digestSort).slice(0, 15)) - dueAt - 1_000) / 60_000));
        expect(answer.givenUp).toBe(laterTry === 3 ? 1 : 0);
      }
    } finally {
      spy.mockRestore();
    }
    expect(waits).toEqual([30, 120]);
    expect(await parkedItem()).toMatchObject({ status: 'failed', failures: 6, lastError: 'socket hang up (test)' });
    expect(await modules.parked.redriveGivenUp()).toBeGreaterThanOrEqual(1);
    expect(await parkedItem()).toMatchObject({ status: 'parked', failures: 3 });
    expect(await modules.parked.redriveGivenUp()).toBe(0);
    const dueAt = Number(String((await parkedItem())?.digestSort).slice(0, 15));
    expect(await modules.fanOut.sweepParkedRecords(quiet, dueAt + 1_000)).toMatchObject({ done: 1 });
    expect(await storedNotifications(member!)).toHaveLength(1);
  });

  it("adds concurrent batches of one organization without a transaction on its figures item, none of them failed by another's", async () => {
    const ada = await registerOrganization();
    const { db, tableName } = testTable();
    const batches = Array.from({ length: 6 }, (_, batch) =>
      ['1', '2', '3'].map((sequence) => streamRecord(ada.orgId, [], `${batch}${sequence}`, { count_on_hold: 1 })),
    );
    for (const { event } of batches.flat())
      await db.send(new PutCommand({ TableName: tableName, Item: heldFromThePoller(event) }));
    const send = modules.client.db.send.bind(modules.client.db);
    const transactions: string[] = [];
    const spy = vi.spyOn(modules.client.db, 'send').mockImplementation(((command: TransactWriteCommand) => {
      if (command.constructor.name === 'TransactWriteCommand')
        transactions.push(...(command.input.TransactItems ?? []).map((item) => JSON.stringify(item)));
      return send(command as never);
    }) as never);
    try {
      const answers = await Promise.all(
        batches.map((batch) =>
          modules.fanOut.fanOutNotifications(
            batch.map(({ record }) => record),
            quiet,
          ),
        ),
      );
      expect(answers).toEqual(batches.map(() => ({ batchItemFailures: [] })));
    } finally {
      spy.mockRestore();
    }
    expect(transactions.filter((item) => item.includes('FIGURES#'))).toEqual([]);
    const figures = await db.send(
      new GetCommand({ TableName: tableName, Key: projectKeys.projectFigures(ada.orgId), ConsistentRead: true }),
    );
    expect(figures.Item).toMatchObject({ count_on_hold: 18 });
  });
});
