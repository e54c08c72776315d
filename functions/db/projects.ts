import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  PROJECT_STATUS_LABELS,
  type CreateProjectRequest,
  type ProjectResponse,
  type ProjectStatus,
  type UpdateProjectRequest,
} from '../../shared/schemas/projects';
import { Conflict, NotFound } from '../domain/errors';
import { TABLE_NAME, db } from './client';
import { collections, keys } from './keys';
import { queryCollection } from './query-collection';
import type { NotificationMessage } from './notification-writes';
import { MAX_WRITE_ATTEMPTS, writeProjectChange } from './project-write';
import { getItem } from './reads';
import { isConditionFailure } from './transactions';

export interface ProjectItem {
  type: 'PROJECT';
  id: string;
  orgId: string;
  name: string;
  description: string | null;
  status: ProjectStatus;
  dueDate: string | null;
  /** The member set, replaced as a whole by PUT members; user items are read by key from it. */
  memberIds: string[];
  /** Bumped by every change: writes are conditional on the version they were computed from. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_BUSY = 'The project was changed by someone else at the same time. Please try again.';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Project ids are ULIDs: anything else cannot name a project and is answered 404 without a read. */
export const isProjectId = (id: string | undefined): id is string => typeof id === 'string' && ULID.test(id);

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

/** For RouteOptions.preload: the project named by the path, read with the session (a non-ULID id names nothing). */
export const preloadProject = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  isProjectId(params.id) ? keys.project(orgId, params.id) : undefined;

export const projectLink = (projectId: string) => `/projects/${projectId}`;

export const addedToProjectMessage = (project: Pick<ProjectItem, 'id' | 'name'>): NotificationMessage => ({
  title: 'Added to project',
  content: `You were added to the project "${project.name}".`,
  linkUrl: projectLink(project.id),
});

export const statusChangedMessage = (project: Pick<ProjectItem, 'id' | 'name' | 'status'>): NotificationMessage => ({
  title: 'Project status changed',
  content: `The project "${project.name}" is now ${PROJECT_STATUS_LABELS[project.status] ?? project.status}.`,
  linkUrl: projectLink(project.id),
});

/** The organization's projects in creation order (ULID sort keys): one Query, paged internally. */
export async function listProjects(orgId: string): Promise<ProjectItem[]> {
  // Read-your-writes: the list is refetched right after every change.
  return queryCollection<ProjectItem>(collections.projectsOfOrganization(orgId), { consistentRead: true });
}

/** One project of the caller's organization; another organization's id is not found. */
export async function getProject(orgId: string, projectId: string): Promise<ProjectItem> {
  const project = isProjectId(projectId) ? await getItem<ProjectItem>(keys.project(orgId, projectId), { consistentRead: true }) : undefined;
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  return project;
}

export async function createProject(orgId: string, input: CreateProjectRequest): Promise<ProjectItem> {
  const now = new Date().toISOString();
  const project: ProjectItem = {
    type: 'PROJECT',
    id: ulid(),
    orgId,
    name: input.name.trim(),
    description: input.description ?? null,
    status: input.status ?? 'planning',
    dueDate: input.dueDate ?? null,
    memberIds: [],
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  await db.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.project(orgId, project.id), ...project },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return project;
}

/**
 * Applies the fields sent; a different status notifies every member but the actor, in the same
 * transaction. Read (GetItem), then one conditional TransactWriteItems; re-read on a lost race.
 */
export async function updateProject(orgId: string, projectId: string, changes: UpdateProjectRequest, actorId: string): Promise<ProjectItem> {
  const absent = new Set<string>();
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    const current = await getProject(orgId, projectId);
    const set: Partial<ProjectItem> = { updatedAt: new Date().toISOString() };
    if (changes.name !== undefined) set.name = changes.name.trim();
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.status !== undefined) set.status = changes.status;
    if (changes.dueDate !== undefined) set.dueDate = changes.dueDate;
    const next: ProjectItem = { ...current, ...set, version: current.version + 1 };
    const recipients =
      next.status !== current.status ? current.memberIds.filter((id) => id !== actorId && !absent.has(id)) : [];
    const outcome = await writeProjectChange(orgId, projectId, {
      set,
      expectedVersion: current.version,
      recipients,
      message: statusChangedMessage(next),
    });
    if (outcome.kind === 'written') return next;
    if (outcome.kind === 'absent-recipients') outcome.userIds.forEach((id) => absent.add(id));
  }
  throw new Conflict(PROJECT_BUSY);
}

/** A project owns only its own item (members are ids on it), so deleting it is one DeleteItem. */
export async function deleteProject(orgId: string, projectId: string): Promise<void> {
  if (!isProjectId(projectId)) throw new NotFound(PROJECT_NOT_FOUND);
  try {
    await db.send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: keys.project(orgId, projectId), ConditionExpression: 'attribute_exists(PK)' }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(PROJECT_NOT_FOUND);
    throw error;
  }
}
