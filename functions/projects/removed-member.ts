import { TABLE_NAME } from '../db/client';
import { type Key, collections } from '../db/keys';
import { activityEntry, activityPut } from './activity';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import { type TransactItem, isConditionFailure, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { UserItem } from '../user/item';
import type { ProjectItem } from './item';
import { now } from '../clock';

/**
 * A user removed from the organization leaves every project they were a member of, and each of
 * those projects gets its 'members removed' activity entry (the acting admin removed them), as a
 * member change on the project's page would write it.
 */

/** What a member removal needs of a project (functions/projects/projects.ts owns the item). */
type ProjectMembers = Pick<ProjectItem, 'id' | 'name' | 'memberIds' | 'version'> & Key;

/** Writes per project in the removal's transaction: the member list and the activity entry. */
export const WRITES_PER_PROJECT = 2;

/** The organization's projects that have the user as a member: one Query (paged), only what the write needs. */
export async function projectsWithMember(orgId: string, userId: string): Promise<ProjectMembers[]> {
  const projects = await queryCollection<ProjectMembers>(collections.projectsOfOrganization(orgId), {
    projection: 'PK, SK, id, #name, memberIds, version',
    names: { '#name': 'name' },
    consistentRead: true,
  });
  return projects.filter((item) => item.memberIds?.includes(userId));
}

type Actor = Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>;

/**
 * For the removal's own transaction: per project the member list without the user (conditional on
 * the version read, bumping it) and a 'members removed' entry naming the user (the counters do not
 * move: no project changed status). Failed conditions are at the project writes (every
 * WRITES_PER_PROJECT-th from the first).
 */
export function removedMemberWrites(orgId: string, projects: ProjectMembers[], removed: UserItem, actor: Actor): TransactItem[] {
  return projects.flatMap((project) => [
    { Update: removeMemberUpdate(project, removed.id) },
    activityPut(orgId, activityEntry(project, actor, { action: 'members_removed', members: [removed.fullName] })),
  ]);
}

/**
 * The member list without the user, as projects write it: conditional on the version read and
 * bumping it, so a concurrent member change computed from the old list fails and re-reads.
 */
function removeMemberUpdate(project: ProjectMembers, userId: string) {
  return {
    TableName: TABLE_NAME,
    Key: { PK: project.PK, SK: project.SK },
    ...updateExpression(
      { set: { memberIds: project.memberIds.filter((id) => id !== userId), version: project.version + 1, updatedAt: now().toISOString() } },
      { expression: 'version = :version', values: { ':version': project.version } },
    ),
  };
}

/**
 * Projects beyond what one transaction holds (a user in more than ~45 projects): the user is gone
 * already, so each project gets its own transaction (its member list, its entry);
 * a project that changed meanwhile is read again until the id is out of it.
 */
export async function removeMemberOutsideTransaction(orgId: string, project: ProjectMembers, removed: UserItem, actor: Actor, maxAttempts: number) {
  let current: ProjectMembers | undefined = project;
  for (let attempt = 1; current?.memberIds.includes(removed.id); attempt += 1) {
    try {
      await transactWrite(removedMemberWrites(orgId, [current], removed, actor));
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= maxAttempts) throw error;
      current = await getItem<ProjectMembers>({ PK: project.PK, SK: project.SK }, { consistentRead: true });
    }
  }
}
