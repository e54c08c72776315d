import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyBeginsWith } from '../../../functions/db/key-prefix';
import { testTable } from '../support/table';

/**
 * keyBeginsWith (docs/decisions/073) is begins_with sent as a BETWEEN range: against DynamoDB Local's
 * own ordering it must find exactly the keys begins_with finds, whatever follows the prefix.
 */
describe('a sort-key prefix as a range', () => {
  const { db, tableName } = testTable();
  const PK = `KEY_PREFIX_TEST#${randomUUID()}`;
  const prefix = 'WORD#launch';
  const inside = ['', 'a', 'pad', '9', 'é', 'ü#x', 'Ａ', '\uFFFF', '🚀', '中文', '#01J', `${'z'.repeat(200)}`].map((rest) => `${prefix}${rest}`);
  // Each just outside the range on either side.
  const outside = ['WORD#launcg', 'WORD#launcg\u{10FFFF}', 'WORD#launci', 'WORD#launc', 'WORD#Launch', 'WORD#lunch'];

  beforeAll(async () => {
    const items = [...inside, ...outside].map((SK) => ({ PutRequest: { Item: { PK, SK } } }));
    for (let at = 0; at < items.length; at += 25) await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(at, at + 25) } }));
  });

  const sortKeys = async (condition: string, values: Record<string, string>, forward = true) => {
    const out = await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: `PK = :pk AND ${condition}`, ExpressionAttributeValues: { ':pk': PK, ...values }, ScanIndexForward: forward }));
    return (out.Items ?? []).map((item) => item.SK as string);
  };

  it('finds every key that begins with the prefix, and only those, in both orders', async () => {
    const range = keyBeginsWith('SK', prefix);
    for (const forward of [true, false]) {
      const found = await sortKeys(range.expression, range.values, forward);
      expect(found, forward ? 'ascending' : 'descending').toEqual(await sortKeys('begins_with(SK, :prefix)', { ':prefix': prefix }, forward));
      expect(new Set(found)).toEqual(new Set(inside));
    }
  });

  it('takes another placeholder, for a second condition beside it', async () => {
    const range = keyBeginsWith('#key', prefix, ':word');
    expect(range).toEqual({ expression: '#key BETWEEN :word AND :wordEnd', values: { ':word': prefix, ':wordEnd': `${prefix}\u{10FFFF}` } });
  });
});
