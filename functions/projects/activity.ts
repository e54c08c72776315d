import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { ACTIVITY_KEPT_DAYS, ACTIVITY_PAGE_SIZE, RECENT_ACTIVITY_SIZE } from '../../shared/limits';
import type { ActivityAction, ActivityEntryResponse, ActivityPageResponse } from '../../shared/schemas/activity';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import type { IndexName } from '../db/table-definition';
import type { TransactItem } from '../db/transactions';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from '../user/item';
import { projectCollections, projectKeys } from './keys';

// Monotonic: the entries of one change, made in the same millisecond, keep their order.
const ulid = monotonicFactory();

/** The part of an entry a change decides; who and when are added by activityEntry. */
export interface ActivityChange {
  action: ActivityAction;
  from?: string | null;
  to?: string | null;
  members?: string[];
}

/**
 * Stored at `ORG#o / ACTIVITY#<projectId>#<ulid>`; `ttl` lets DynamoDB drop it after a year.
 * `feedKey` (the entry's ULID) puts it in the organizationActivity index: the organization's feed.
 */
interface ActivityItem extends ActivityEntryResponse {
  type: 'ACTIVITY';
  feedKey: string;
  ttl: number;
}

/** An entry for a change by `actor` to a project, stamped now. The actor's name and avatar are kept as they were. */
export function activityEntry(
  project: { id: string; name: string },
  actor: Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>,
  change: ActivityChange,
): ActivityEntryResponse {
  const at = now();
  return {
    id: ulid(at.getTime()),
    projectId: project.id,
    projectName: project.name,
    actor: { id: actor.id, fullName: actor.fullName, avatarUrl: actor.avatarUrl ?? null },
    action: change.action,
    from: change.from ?? null,
    to: change.to ?? null,
    members: change.members ?? [],
    createdAt: at.toISOString(),
  };
}

/** The Put of one entry, for the change's own TransactWriteItems. */
export function activityPut(orgId: string, entry: ActivityEntryResponse): TransactItem {
  const item: ActivityItem = {
    type: 'ACTIVITY',
    ...entry,
    feedKey: entry.id,
    // DynamoDB deletes by its own (real) clock, so the expiry is counted from it, not from the functions' clock.
    ttl: ttlAt(now().getTime() + ACTIVITY_KEPT_DAYS * 24 * 60 * 60 * 1000),
  };
  return { Put: { TableName: TABLE_NAME, Item: { ...projectKeys.projectActivity(orgId, entry.projectId, entry.id), ...item } } };
}

function toActivityResponse(item: ActivityEntryResponse): ActivityEntryResponse {
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    actor: { id: item.actor.id, fullName: item.actor.fullName, avatarUrl: item.actor.avatarUrl ?? null },
    action: item.action,
    from: item.from ?? null,
    to: item.to ?? null,
    members: item.members ?? [],
    createdAt: item.createdAt,
  };
}

/**
 * The organization's newest entries, newest first: one Query of the organizationActivity index
 * (eventually consistent, like every index read), RECENT_ACTIVITY_SIZE items.
 */
export async function listRecentActivity(orgId: string): Promise<ActivityEntryResponse[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'organizationActivity' satisfies IndexName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK },
      ScanIndexForward: false,
      Limit: RECENT_ACTIVITY_SIZE,
    }),
  );
  return ((out.Items ?? []) as ActivityItem[]).map(toActivityResponse);
}

/**
 * One page of a project's entries, newest first: one Query of its `ACTIVITY#<projectId>#` range
 * starting below the cursor (the last entry id of the previous page). An entry past its TTL that
 * DynamoDB has not deleted yet is filtered out.
 */
export async function listProjectActivity(orgId: string, projectId: string, cursor?: string): Promise<ActivityPageResponse> {
  const collection = projectCollections.activityOfProject(orgId, projectId);
  const range = keyBeginsWith('SK', collection.prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      FilterExpression: '#ttl > :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pk': collection.PK, ...range.values, ':now': ttlAt(now()) },
      ScanIndexForward: false,
      // One more than a page: whether it exists says if there is a next page.
      Limit: ACTIVITY_PAGE_SIZE + 1,
      // Read again right after the user's own change to the project (the page refetches): it must be listed.
      ConsistentRead: true,
      ...(cursor ? { ExclusiveStartKey: projectKeys.projectActivity(orgId, projectId, cursor) } : {}),
    }),
  );
  const entries = ((out.Items ?? []) as ActivityItem[]).map(toActivityResponse);
  if (entries.length > ACTIVITY_PAGE_SIZE)
    return { entries: entries.slice(0, ACTIVITY_PAGE_SIZE), nextCursor: entries[ACTIVITY_PAGE_SIZE - 1]!.id };
  // Fewer after the filter, yet DynamoDB stopped at the limit: the rest starts after what it read.
  const readUpTo = out.LastEvaluatedKey ? String(out.LastEvaluatedKey.SK).slice(collection.prefix.length) : null;
  return { entries, nextCursor: readUpTo };
}
