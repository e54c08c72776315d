import { ulid } from 'ulid';
import { ULID } from '../../shared/ids';
import type { ProjectStatus } from '../../shared/project-statuses';
import type { CreateProjectRequest, ProjectResponse } from '../../shared/schemas/projects';
import type { Key } from '../db/keys';
import { projectIndexKeys, projectKeys } from './keys';

/** A project: `ORG#<orgId> / PROJECT#<ulid>` (projectKeys.project), in its organization's partition. */
export interface ProjectItem {
  type: 'PROJECT';
  id: string;
  orgId: string;
  name: string;
  description: string | null;
  status: ProjectStatus;
  dueDate: string | null;
  /**
   * Bumped by every change, its members' included (the member set is an item of its own,
   * functions/projects/member-set.ts): writes are conditional on the version they were computed from.
   */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Project ids are ULIDs: anything else cannot name a project and is answered 404 without a read. */
export const isProjectId = (id: string | undefined): id is string => typeof id === 'string' && ULID.test(id);

/** A new project as POST /api/projects sends it (status planning unless given), at version 0. */
export function newProject(orgId: string, input: CreateProjectRequest, at: string): ProjectItem {
  return {
    type: 'PROJECT',
    id: ulid(),
    orgId,
    name: input.name.trim(),
    description: input.description ?? null,
    status: input.status ?? 'planning',
    dueDate: input.dueDate ?? null,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * What a change of a project leaves on its item for the stream consumer (docs/decisions/067): the
 * status the write replaced, copied by the write itself, and the event of the last write that set a
 * status, which the consumer marks when it counts that move.
 */
export interface StatusTrail {
  statusFrom?: ProjectStatus;
  statusEventId?: string;
  /** Set by a write that changed what the project list shows, removed by any other: the members' copies are renewed (docs/decisions/104). */
  listChangeId?: string;
}

/** A project as stored: its keys, its index sort keys and its name as searched, derived from it on every write. */
export type ProjectRecord = ProjectItem & Key & ReturnType<typeof projectIndexKeys> & { searchName: string } & StatusTrail;

/** The attributes every write of a project's name, status or due date sets with them. */
export const derivedAttributes = (project: ProjectItem) => ({
  ...projectIndexKeys(project),
  searchName: project.name.toLowerCase(),
});

/**
 * The derived attributes as an update writes them: SET those a project has, REMOVE those it has
 * no longer (a completed project leaves the open-due index).
 */
export function derivedChanges(project: ProjectItem): { set: Record<string, string>; remove: string[] } {
  const entries = Object.entries(derivedAttributes(project));
  return {
    set: Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined)),
    remove: entries.filter(([, value]) => value === undefined).map(([name]) => name),
  };
}

/** The item a project is stored as: what its create, the seed and the migration write. */
export const projectRecord = (project: ProjectItem): ProjectRecord => ({
  ...projectKeys.project(project.orgId, project.id),
  ...project,
  ...derivedAttributes(project),
});

export function toProjectResponse(project: ProjectItem): ProjectResponse {
  return {
    id: project.id,
    name: project.name,
    description: project.description ?? null,
    status: project.status,
    dueDate: project.dueDate ?? null,
    createdAt: project.createdAt,
  };
}
