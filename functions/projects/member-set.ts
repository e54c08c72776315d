import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { isProjectId } from './item';
import { projectKeys } from './keys';

/**
 * `ORG#<orgId> / MEMBERS#<projectId>`: a project's member set, the one source of truth of who is a
 * member (docs/decisions/037). It is an item of its own because 500 ids are about 14 KB: on the
 * project item every change of a status or a name would rewrite (and pay for) them all. It is
 * written only in the same transaction as an update of the project that is conditional on the
 * project's version, so the project's version guards it and two member changes never interleave.
 * No item (a project that never had members) is the empty set.
 */
export interface MemberSetItem {
  type: 'MEMBERS';
  orgId: string;
  projectId: string;
  /**
   * In the order PUT members sent them: the detail lists them so. Ids only: what the list shows of
   * each member is on their membership (docs/decisions/103), so the set stays about 14 KB at 500.
   */
  memberIds: string[];
}

/** The set's write in the change's transaction: a Put of the new set, or a Delete once it is empty. */
export function memberSetWrite(orgId: string, projectId: string, memberIds: string[]): TransactItem {
  const key = projectKeys.projectMembers(orgId, projectId);
  if (memberIds.length === 0) return { Delete: { TableName: TABLE_NAME, Key: key } };
  const item: MemberSetItem = { type: 'MEMBERS', orgId, projectId, memberIds };
  return { Put: { TableName: TABLE_NAME, Item: { ...key, ...item } } };
}

/** The member ids of a set as read (a missing set is empty). */
export const memberIdsOf = (set: MemberSetItem | undefined): string[] => set?.memberIds ?? [];

/** The set read on its own, strongly: what a change computes from and whom a change notifies. */
export async function readMemberIds(orgId: string, projectId: string): Promise<string[]> {
  return memberIdsOf(await getItem(projectKeys.projectMembers(orgId, projectId), { consistentRead: true }));
}

/** For RouteOptions.preload: the project named by the path and its member set, both read with the session. */
export const preloadProjectWithMembers = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  isProjectId(params.id)
    ? ([projectKeys.project(orgId, params.id), projectKeys.projectMembers(orgId, params.id)] as const)
    : undefined;
