import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import type { UserItem } from '../user/item';
import { userCollections } from '../user/keys';
import { scimKeys } from './keys';

/** What a Users page leaves for the page after it: the sort key of its last person. */
export interface ScimPageCursorItem {
  type: 'SCIM_CURSOR';
  /** The sort key of the person before the page (`USER#…`): the next page's Query starts after it. */
  after: string;
  /** Epoch seconds: a sync's next request comes within seconds; an hour is plenty. */
  ttl: number;
}

const CURSOR_LIFETIME_MS = 60 * 60 * 1000;

/**
 * A page of the organization's people in creation order, `count` from `startIndex` (1-based, RFC 7644
 * §3.4.2.4), read without reading the people before it (issue 62, item 4): an identity provider's sync
 * asks for startIndex 1, 1 + count, 1 + 2 × count…, and each page leaves a cursor for the index the next
 * one starts at. A page asked for at another index (none left there, or it expired) reads from the
 * start, as before: one Query of startIndex − 1 + count people.
 */
export async function scimUsersPage(orgId: string, startIndex: number, count: number): Promise<UserItem[]> {
  if (count === 0) return [];
  const collection = userCollections.usersOfOrganization(orgId);
  const cursor =
    startIndex > 1 ? await getItem(scimKeys.usersPageCursor(orgId, startIndex), { consistentRead: true }) : undefined;
  let page: (UserItem & { SK: string })[];
  if (startIndex === 1 || cursor) {
    const out = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': collection.PK, ':prefix': collection.prefix },
        ...(cursor ? { ExclusiveStartKey: { PK: collection.PK, SK: cursor.after } } : {}),
        Limit: count,
        ConsistentRead: true,
      }),
    );
    page = (out.Items ?? []) as (UserItem & { SK: string })[];
  } else {
    const through = await queryCollection<UserItem & { SK: string }>(collection, {
      limit: startIndex - 1 + count,
      consistentRead: true,
    });
    page = through.slice(startIndex - 1, startIndex - 1 + count);
  }
  // A full page may have a next one: tell it where to start.
  const last = page.at(-1);
  if (page.length === count && last) {
    const item: ScimPageCursorItem = { type: 'SCIM_CURSOR', after: last.SK, ttl: ttlAt(now().getTime() + CURSOR_LIFETIME_MS) };
    await db.send(
      new PutCommand({ TableName: TABLE_NAME, Item: { ...scimKeys.usersPageCursor(orgId, startIndex + count), ...item } }),
    );
  }
  return page;
}
