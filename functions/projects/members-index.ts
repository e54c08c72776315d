import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import type { IndexName } from '../db/table-definition';
import { projectMembersKey } from './keys';
import type { MembershipItem } from './memberships';

/**
 * A project's current memberships as the membersOfProject index holds them (docs/decisions/103):
 * one Query per MB (about 4,000 members), with the attributes named (the user id always).
 */
export async function membersIndexOf(
  orgId: string,
  projectId: string,
  attributes: readonly (keyof MembershipItem)[] = [],
): Promise<Pick<MembershipItem, 'userId' | 'profile'>[]> {
  const items: Pick<MembershipItem, 'userId' | 'profile'>[] = [];
  for await (const page of paginateQuery(
    { client: db },
    {
      TableName: TABLE_NAME,
      IndexName: 'membersOfProject' satisfies IndexName,
      KeyConditionExpression: 'projectMembersKey = :project',
      ExpressionAttributeValues: { ':project': projectMembersKey(orgId, projectId) },
      ProjectionExpression: ['userId', ...attributes].join(', '),
    },
  ))
    items.push(...((page.Items ?? []) as Pick<MembershipItem, 'userId' | 'profile'>[]));
  return items;
}
