import { batchGet, getItem, keyId } from '../db/reads';
import { type ProjectItem, isProjectId } from './item';
import { projectKeys } from './keys';
import type { MemberSetItem } from './member-set';

/** For RouteOptions.preload: the project named by the path, read with the session (a non-ULID id names nothing). */
export const preloadProject = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  isProjectId(params.id) ? projectKeys.project(orgId, params.id) : undefined;

/** For RouteOptions.preload: the organization's figures item (the list's total). */
export const preloadFigures = ({ orgId }: { orgId: string }) => projectKeys.projectFigures(orgId);

/** A project read again after a lost race (ConsistentRead): what the change computes from. */
export const readProject = (orgId: string, projectId: string) =>
  getItem<ProjectItem>(projectKeys.project(orgId, projectId), { consistentRead: true });

/** A project and its member set read again after a lost race (strongly, in one BatchGetItem). */
export async function readProjectWithMembers(
  orgId: string,
  projectId: string,
): Promise<{ project: ProjectItem; members: MemberSetItem | undefined } | undefined> {
  const projectKey = projectKeys.project(orgId, projectId);
  const setKey = projectKeys.projectMembers(orgId, projectId);
  const found = await batchGet([projectKey, setKey], { consistentRead: true });
  const project = found.get(keyId(projectKey)) as ProjectItem | undefined;
  return project && { project, members: found.get(keyId(setKey)) as MemberSetItem | undefined };
}
