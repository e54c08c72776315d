import { now } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { Key } from '../db/keys';
import { batchGet, getItem, keyId } from '../db/reads';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { UserItem } from '../user/item';
import { activityEntry, activityPut } from './activity';
import type { ProjectItem } from './item';
import { projectKeys } from './keys';
import { type MemberSetItem, memberIdsOf, memberSetWrite } from './member-set';
import { projectIdsOfMember } from './memberships';

/**
 * A user removed from the organization leaves every project they were a member of, and each of
 * those projects gets its 'members removed' activity entry (the acting admin removed them), as a
 * member change on the project's page would write it.
 */

/** What a member removal needs of a project: the project (id, name, version) and its member set. */
type ProjectMembers = Pick<ProjectItem, 'id' | 'name' | 'version'> & Key & { memberIds: string[] };

/** Writes per project in the removal's transaction: the project's version, its member set and the activity entry. */
export const WRITES_PER_PROJECT = 3;

/**
 * The organization's projects that have the user as a member: the user's own membership items (as
 * the stream consumer has applied the member changes so far, a moment behind), then the projects
 * and their member sets read strongly, in BatchGetItems side by side. A membership added a moment
 * before the removal may be missed: the set then keeps an id whose user is gone, which every read
 * of members leaves out.
 */
export async function projectsWithMember(orgId: string, userId: string): Promise<ProjectMembers[]> {
  const projectIds = [...(await projectIdsOfMember(orgId, userId))];
  if (projectIds.length === 0) return [];
  const found = await batchGet(
    projectIds.flatMap((id) => [projectKeys.project(orgId, id), projectKeys.projectMembers(orgId, id)]),
    { consistentRead: true },
  );
  return projectIds.flatMap((id) => {
    const project = found.get(keyId(projectKeys.project(orgId, id))) as ProjectItem | undefined;
    const set = found.get(keyId(projectKeys.projectMembers(orgId, id))) as MemberSetItem | undefined;
    const memberIds = memberIdsOf(set);
    if (!project || !memberIds.includes(userId)) return [];
    return [
      {
        ...projectKeys.project(orgId, id),
        id,
        name: project.name,
        version: project.version,
        memberIds,
      },
    ];
  });
}

type Actor = Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>;

/**
 * For the removal's own transaction: per project the version bump (conditional on the version
 * read), the member set without the user and a 'members removed' entry naming the user (the
 * counters do not move: no project changed status). Failed conditions are at the project writes
 * (every WRITES_PER_PROJECT-th from the first). The removed user's own membership items are left:
 * nothing reads them once the user is gone, and no user gets that id again.
 */
export function removedMemberWrites(orgId: string, projects: ProjectMembers[], removed: UserItem, actor: Actor): TransactItem[] {
  return projects.flatMap((project) => [
    { Update: versionBump(project) },
    memberSetWrite(
      orgId,
      project.id,
      project.memberIds.filter((id) => id !== removed.id),
    ),
    activityPut(orgId, activityEntry(project, actor, { action: 'members_removed', members: [removed.fullName] })),
  ]);
}

/** The project's version bump that guards its member set's write: a concurrent member change computed from the old set fails and re-reads. */
function versionBump(project: ProjectMembers) {
  return {
    TableName: TABLE_NAME,
    Key: { PK: project.PK, SK: project.SK },
    ...updateExpression(
      { set: { version: project.version + 1, updatedAt: now().toISOString() } },
      { expression: 'version = :version', values: { ':version': project.version } },
    ),
  };
}

/**
 * Projects beyond what one transaction holds (a user in more than ~30 projects): the user is gone
 * already, so each project gets its own transaction (its version, its set, its entry); a project
 * that changed meanwhile is read again until the id is out of its set.
 */
export async function removeMemberOutsideTransaction(
  orgId: string,
  project: ProjectMembers,
  removed: UserItem,
  actor: Actor,
  maxAttempts: number,
) {
  let current: ProjectMembers | undefined = project;
  for (let attempt = 1; current?.memberIds.includes(removed.id); attempt += 1) {
    if (await conditionHeld(transactWrite(removedMemberWrites(orgId, [current], removed, actor)))) return;
    if (attempt >= maxAttempts)
      throw new Error(`Project ${project.id} kept changing while user ${removed.id} was removed from it (${attempt} attempts)`);
    current = await readProjectMembers(orgId, project.id);
  }
}

async function readProjectMembers(orgId: string, projectId: string): Promise<ProjectMembers | undefined> {
  const [project, set] = await Promise.all([
    getItem(projectKeys.project(orgId, projectId), { consistentRead: true }),
    getItem(projectKeys.projectMembers(orgId, projectId), { consistentRead: true }),
  ]);
  return (
    project && {
      ...projectKeys.project(orgId, projectId),
      id: projectId,
      name: project.name,
      version: project.version,
      memberIds: memberIdsOf(set),
    }
  );
}
