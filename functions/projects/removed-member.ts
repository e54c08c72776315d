import { now } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { Key } from '../db/keys';
import { batchGet, getItem, keyId } from '../db/reads';
import { TRANSACTION_LIMIT, type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { RemovedMember } from '../events/change-event';
import { activityEntry, activityPut } from './activity';
import type { ProjectItem } from './item';
import { projectKeys } from './keys';
import { type MemberSetItem, memberIdsOf, memberSetWrite } from './member-set';
import { projectIdsOfMember } from './memberships';

/**
 * A user removed from the organization leaves every project they were a member of, and each of
 * those projects gets its 'members removed' activity entry (the acting admin removed them), as a
 * member change on the project's page would write it: after the removal, by the stream consumer
 * from its event (issue 62, item 3), in transactions of PROJECTS_PER_TRANSACTION projects.
 */

/** What a member removal needs of a project: the project (id, name, version) and its member set. */
type ProjectMembers = Pick<ProjectItem, 'id' | 'name' | 'version'> & Key & { memberIds: string[] };

/** Writes per project: the project's version, its member set and the activity entry. */
const WRITES_PER_PROJECT = 3;

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

/** Projects a transaction takes the person off: WRITES_PER_PROJECT writes each, within a transaction's 100. */
export const PROJECTS_PER_TRANSACTION = Math.floor(TRANSACTION_LIMIT / WRITES_PER_PROJECT);
/** A project that keeps changing while the person is taken off it is read again this often, then the event is retried. */
const MAX_ATTEMPTS = 5;

/**
 * Takes a removed person off every project whose member set still holds them: the projects read
 * (their memberships, then the projects and sets strongly), then a transaction per
 * PROJECTS_PER_TRANSACTION projects, each conditional on the versions read; a chunk a concurrent
 * change failed goes project by project. The sets are the checkpoint: a project done is no longer
 * found, so a retry of the event (a timeout halfway, a failure) takes up where it stopped, and a
 * redelivery of a finished one writes nothing. Answers how many projects were written now.
 */
export async function takeRemovedMemberOffProjects(orgId: string, removed: RemovedMember): Promise<number> {
  const projects = await projectsWithMember(orgId, removed.user.id);
  for (let start = 0; start < projects.length; start += PROJECTS_PER_TRANSACTION) {
    const chunk = projects.slice(start, start + PROJECTS_PER_TRANSACTION);
    if (await conditionHeld(transactWrite(removedMemberWrites(orgId, chunk, removed.user, removed.actor)))) continue;
    for (const project of chunk) await removeMemberOutsideTransaction(orgId, project, removed.user, removed.actor, MAX_ATTEMPTS);
  }
  return projects.length;
}

/**
 * For the removal's own transaction: per project the version bump (conditional on the version
 * read), the member set without the user and a 'members removed' entry naming the user (the
 * counters do not move: no project changed status). Failed conditions are at the project writes
 * (every WRITES_PER_PROJECT-th from the first). The removed user's own membership items are left:
 * nothing reads them once the user is gone, and no user gets that id again.
 */
export function removedMemberWrites(
  orgId: string,
  projects: ProjectMembers[],
  removed: RemovedMember['user'],
  actor: RemovedMember['actor'],
): TransactItem[] {
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
 * One project on its own (its version, its set, its entry), when a chunk's transaction failed: a
 * project that changed meanwhile is read again until the id is out of its set.
 */
async function removeMemberOutsideTransaction(
  orgId: string,
  project: ProjectMembers,
  removed: RemovedMember['user'],
  actor: RemovedMember['actor'],
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
