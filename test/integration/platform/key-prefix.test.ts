import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type KeyCondition, anyIndexKey, keyBeginsWith } from '../../../functions/db/key-prefix';
import { testTable } from '../support/table';

/**
 * keyBeginsWith (docs/decisions/073) is begins_with sent as a BETWEEN range: against DynamoDB Local's
 * own ordering it must find exactly the keys begins_with finds, whatever follows the prefix.
 */
describe('a sort-key prefix as a range', () => {
  const { db, tableName } = testTable();
  const PK = `KEY_PREFIX_TEST#${randomUUID()}`;
  const prefix = 'WORD#launch';
  const inside = ['', 'a', 'pad', '9', 'é', 'ü#x', 'Ａ', '\uFFFF', '🚀', '中文', '#01J', `${'z'.repeat(200)}`].map(
    (rest) => `${prefix}${rest}`,
  );
  // Each just outside the range on either side.
  const outside = ['WORD#launcg', 'WORD#launcg\u{10FFFF}', 'WORD#launci', 'WORD#launc', 'WORD#Launch', 'WORD#lunch'];

  beforeAll(async () => {
    const items = [...inside, ...outside].map((SK) => ({ PutRequest: { Item: { PK, SK } } }));
    for (let at = 0; at < items.length; at += 25)
      await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(at, at + 25) } }));
  });

  const sortKeys = async (condition: string, values: Record<string, string>, forward = true, start?: Record<string, string>) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: `PK = :pk AND ${condition}`,
        ExpressionAttributeValues: { ':pk': PK, ...values },
        ScanIndexForward: forward,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    return (out.Items ?? []).map((item) => item.SK as string);
  };

  it('finds every key that begins with the prefix, and only those, in both orders', async () => {
    const range = keyBeginsWith('SK', prefix);
    for (const forward of [true, false]) {
      const found = await sortKeys(range.expression, range.values, forward);
      expect(found, forward ? 'ascending' : 'descending').toEqual(
        await sortKeys('begins_with(SK, :prefix)', { ':prefix': prefix }, forward),
      );
      expect(new Set(found)).toEqual(new Set(inside));
    }
  });

  it('cut at a key inside it, resumes after that key exactly as the whole range does, in both orders', async () => {
    const range = keyBeginsWith('SK', prefix);
    for (const forward of [true, false]) {
      const whole = await sortKeys(range.expression, range.values, forward);
      for (const [at, key] of whole.entries()) {
        // DynamoDB Local refuses a start key equal to the range's lower bound, the whole range's too; no key of ours is its prefix alone.
        if (key === prefix) continue;
        const cut = range.resumedAt(key, forward);
        expect(
          await sortKeys(cut.expression, cut.values, forward, { PK, SK: key }),
          `${forward ? 'ascending' : 'descending'} after ${key}`,
        ).toEqual(whole.slice(at + 1));
      }
    }
  });

  it('takes another placeholder, for a second condition beside it', async () => {
    const range = keyBeginsWith('#key', prefix, ':word');
    expect({ expression: range.expression, values: range.values }).toEqual({
      expression: '#key BETWEEN :word AND :wordEnd',
      values: { ':word': prefix, ':wordEnd': `${prefix}\u{10FFFF}` },
    });
  });
});

/**
 * anyIndexKey (docs/decisions/075) is the partition key alone sent with a lowest bound on the index's
 * sort key: it must find every item of the index, whatever its key begins with, and none outside it.
 */
describe('any key of an index', () => {
  const { db, tableName } = testTable();
  const PK = `ANY_INDEX_KEY_TEST#${randomUUID()}`;
  // Names as lowered into userNameKey, from the lowest characters a name could begin with up.
  const indexed = [
    '\u0001tab',
    '\u0000nul',
    ' space',
    '!bang',
    '0zero',
    'ada',
    'émile',
    'Ｚ',
    '🚀',
    '中文',
    `${'z'.repeat(200)}`,
  ].map((name, at) => ({ SK: `USER#${at}`, userNameKey: `${name}#${at}` }));
  // Items of the same partition outside the index: they sort before every key of it on DynamoDB Local.
  const outside = Array.from({ length: 30 }, (_, at) => ({ SK: `WORD#${String(at).padStart(2, '0')}` }));

  beforeAll(async () => {
    const items = [...indexed, ...outside].map((item) => ({ PutRequest: { Item: { PK, ...item } } }));
    for (let at = 0; at < items.length; at += 25)
      await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(at, at + 25) } }));
  });

  const nameKeys = async (range: KeyCondition | undefined, forward: boolean, start?: Record<string, string>) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'usersByName',
        KeyConditionExpression: range ? `PK = :pk AND ${range.expression}` : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': PK, ...range?.values },
        ...(range ? { ExpressionAttributeNames: { '#key': 'userNameKey' } } : {}),
        ScanIndexForward: forward,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    return (out.Items ?? []).map((item) => item.userNameKey as string);
  };

  it('finds every item of the index, and only those, in both orders', async () => {
    for (const forward of [true, false]) {
      const found = await nameKeys(anyIndexKey('#key'), forward);
      expect(found, forward ? 'ascending' : 'descending').toEqual(await nameKeys(undefined, forward));
      expect(new Set(found)).toEqual(new Set(indexed.map((item) => item.userNameKey)));
    }
  });

  it('cut at a key of the index, resumes after that key exactly as the partition key alone does, in both orders', async () => {
    const range = anyIndexKey('#key');
    const skOf = new Map(indexed.map((item) => [item.userNameKey, item.SK]));
    for (const forward of [true, false]) {
      const whole = await nameKeys(undefined, forward);
      for (const [at, key] of whole.entries()) {
        const start = { PK, SK: skOf.get(key)!, userNameKey: key };
        expect(
          await nameKeys(range.resumedAt(key, forward), forward, start),
          `${forward ? 'ascending' : 'descending'} after ${key}`,
        ).toEqual(whole.slice(at + 1));
      }
    }
  });

  it('takes another placeholder, for a second condition beside it', () => {
    const range = anyIndexKey('#key', ':from');
    expect({ expression: range.expression, values: range.values }).toEqual({
      expression: '#key >= :from',
      values: { ':from': '\u0000' },
    });
  });
});
