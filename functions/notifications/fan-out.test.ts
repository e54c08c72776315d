import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEventItem } from '../events/change-event';

const send = vi.hoisted(() => vi.fn<(command: unknown) => Promise<unknown>>());
vi.mock('../db/client', async (original) => {
  const actual = await original<typeof import('../db/client')>();
  return { ...actual, db: { send } };
});

const { RECIPIENTS_PER_CHUNK, notifyRecipients } = await import('./fan-out');

const event = (recipients: number): ChangeEventItem => ({
  type: 'EVENT',
  id: '01JP0000000000000000000000',
  orgId: 'org',
  recipientIds: Array.from({ length: recipients }, (_, index) => `user-${index}`),
  message: { title: 'Project status changed', content: 'The project "Spring" is now Completed.', linkUrl: '/projects/p' },
  createdAt: '2025-03-12T06:00:00.000Z',
  ttl: 1,
});

const puts = () => send.mock.calls.map(([command]) => command as PutCommand);
const alreadyThere = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

beforeEach(() => {
  send.mockReset();
});

describe('the notification fan-out', () => {
  it(`writes each recipient's notification by itself, a Put if absent in their own partition, ${RECIPIENTS_PER_CHUNK} side by side`, async () => {
    send.mockResolvedValue({});
    expect(await notifyRecipients(event(60))).toBe(60);
    expect(puts()).toHaveLength(60);
    for (const [index, put] of puts().entries()) {
      expect(put).toBeInstanceOf(PutCommand);
      expect(put.input).toMatchObject({
        ConditionExpression: 'attribute_not_exists(PK)',
        Item: { PK: `USER#user-${index}`, type: 'NOTIFICATION', userId: `user-${index}`, isRead: false },
      });
    }
  });

  it('names each notification by the event and the recipient: the same ids on every run', async () => {
    send.mockResolvedValue({});
    await notifyRecipients(event(2));
    await notifyRecipients(event(2));
    const ids = puts().map((put) => (put.input.Item as { id: string }).id);
    expect(ids.slice(0, 2)).toEqual(ids.slice(2));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^01JP000000[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('leaves out recipients already notified (a redelivery) and counts the rest', async () => {
    send.mockImplementation(async (command) =>
      ((command as PutCommand).input.Item as { userId: string }).userId === 'user-1' ? Promise.reject(alreadyThere()) : {},
    );
    expect(await notifyRecipients(event(4))).toBe(3);
  });

  it('fails on any other error, for the stream to retry the record, and writes no chunk after it', async () => {
    send.mockImplementation(async (command) => {
      if (((command as PutCommand).input.Item as { userId: string }).userId === 'user-3') throw new Error('socket hang up');
      return {};
    });
    await expect(notifyRecipients(event(RECIPIENTS_PER_CHUNK + 5))).rejects.toThrow('socket hang up');
    expect(puts()).toHaveLength(RECIPIENTS_PER_CHUNK);
  });
});
