import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import type { Key } from '../db/keys';
import { queryCollection } from '../db/query-collection';
import { keyCondition, readQueryPage } from '../db/query-page';
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
 * one starts at (db/query-page.ts's page, which reads one person past it to know). A page asked for at
 * another index (none left there, or it expired) reads from the start, as before: startIndex − 1 + count people.
 */
export async function scimUsersPage(orgId: string, startIndex: number, count: number): Promise<UserItem[]> {
  if (count === 0) return [];
  const collection = userCollections.usersOfOrganization(orgId);
  const cursor =
    startIndex > 1 ? await getItem(scimKeys.usersPageCursor(orgId, startIndex), { consistentRead: true }) : undefined;
  let page: (UserItem & Key)[];
  let next: string | undefined;
  if (startIndex === 1 || cursor) {
    const read = await readQueryPage<UserItem & Key>(
      {
        input: {
          TableName: TABLE_NAME,
          ...keyCondition(collection.PK, keyBeginsWith('SK', collection.prefix)),
          ConsistentRead: true,
        },
        limit: count,
        filtered: false,
        matches: () => true,
      },
      cursor ? { PK: collection.PK, SK: cursor.after } : undefined,
    );
    page = read.items;
    next = read.next?.SK;
  } else {
    const through = await queryCollection<UserItem & Key>(collection, { limit: startIndex - 1 + count, consistentRead: true });
    page = through.slice(startIndex - 1, startIndex - 1 + count);
    // A full page may have a next one.
    next = page.length === count ? page.at(-1)?.SK : undefined;
  }
  // A next page: tell it where to start.
  if (next) {
    const cursorItem: ScimPageCursorItem = { type: 'SCIM_CURSOR', after: next, ttl: ttlAt(now().getTime() + CURSOR_LIFETIME_MS) };
    await db.send(
      new PutCommand({ TableName: TABLE_NAME, Item: { ...scimKeys.usersPageCursor(orgId, startIndex + count), ...cursorItem } }),
    );
  }
  return page;
}
