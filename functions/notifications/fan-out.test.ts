import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactItem } from '../db/transactions';
import type { ChangeEventItem } from '../events/change-event';

const transactWrite = vi.hoisted(() => vi.fn<(items: TransactItem[]) => Promise<void>>());
vi.mock('../db/transactions', async (original) => ({
  ...(await original<typeof import('../db/transactions')>()),
  transactWrite,
}));

const { RECIPIENTS_PER_TRANSACTION, notifyRecipients } = await import('./fan-out');
const { MAX_BUSY_ATTEMPTS } = await import('../db/transact-each-once');
const { DatabaseBusyError } = await import('../db/faults');

const event = (recipients: number): ChangeEventItem => ({
  type: 'EVENT',
  id: '01JP0000000000000000000000',
  orgId: 'org',
  recipientIds: Array.from({ length: recipients }, (_, index) => `user-${index}`),
  message: { title: 'Project status changed', content: 'The project "Spring" is now Completed.', linkUrl: '/projects/p' },
  createdAt: '2025-03-12T06:00:00.000Z',
  ttl: 1,
});

/** A transaction cancelled with these codes per item (DynamoDB's TransactionCanceledException). */
const cancelled = (codes: string[]) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const recipientsOf = (items: TransactItem[]) =>
  items.flatMap((item) => (item.Put ? [(item.Put.Item as { userId: string }).userId] : []));

beforeEach(() => {
  transactWrite.mockReset();
});

describe('the notification fan-out', () => {
  it(`writes ${RECIPIENTS_PER_TRANSACTION} recipients per transaction, each a notification Put if absent and +1 on their counter`, async () => {
    transactWrite.mockResolvedValue(undefined);
    expect(await notifyRecipients(event(60))).toBe(60);
    expect(transactWrite.mock.calls.map(([items]) => items.length)).toEqual([50, 50, 20]);
    const [first, second] = transactWrite.mock.calls[0]![0];
    expect(first!.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { type: 'NOTIFICATION', userId: 'user-0', isRead: false },
    });
    expect(second!.Update).toMatchObject({ Key: { SK: 'USER#user-0' }, ConditionExpression: 'attribute_exists(PK)' });
  });

  it('names each notification by the event and the recipient: the same ids on every run', async () => {
    transactWrite.mockResolvedValue(undefined);
    await notifyRecipients(event(2));
    await notifyRecipients(event(2));
    const ids = transactWrite.mock.calls.map(([items]) =>
      items.flatMap((item) => (item.Put ? [(item.Put.Item as { id: string }).id] : [])),
    );
    expect(ids[0]).toEqual(ids[1]);
    expect(new Set(ids[0]).size).toBe(2);
    for (const id of ids[0]!) expect(id).toMatch(/^01JP000000[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('leaves out recipients already notified or gone, and writes the rest', async () => {
    // user-1's notification exists (a redelivery), user-2 was removed (its counter's condition).
    transactWrite
      .mockRejectedValueOnce(
        cancelled(['None', 'None', 'ConditionalCheckFailed', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None']),
      )
      .mockResolvedValue(undefined);
    expect(await notifyRecipients(event(4))).toBe(2);
    expect(recipientsOf(transactWrite.mock.calls[1]![0])).toEqual(['user-0', 'user-3']);
  });

  it('tries a busy database again with backoff, and writes each recipient once', async () => {
    transactWrite
      .mockRejectedValueOnce(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }))
      .mockResolvedValue(undefined);
    expect(await notifyRecipients(event(3))).toBe(3);
    expect(transactWrite).toHaveBeenCalledTimes(2);
    expect(recipientsOf(transactWrite.mock.calls[1]![0])).toEqual(['user-0', 'user-1', 'user-2']);
  });

  it(`gives up with DatabaseBusyError after ${MAX_BUSY_ATTEMPTS} busy attempts, for the stream to retry the record`, async () => {
    transactWrite.mockImplementation(async () => {
      throw Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    });
    await expect(notifyRecipients(event(3))).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(transactWrite).toHaveBeenCalledTimes(MAX_BUSY_ATTEMPTS);
  });

  it('throws any other error at once', async () => {
    transactWrite.mockImplementation(async () => {
      throw new Error('ValidationException');
    });
    await expect(notifyRecipients(event(3))).rejects.toThrow('ValidationException');
    expect(transactWrite).toHaveBeenCalledTimes(1);
  });
});
