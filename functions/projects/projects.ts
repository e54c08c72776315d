import { type WriteContext, auditPut } from '../audit-log/entries';
import { PROJECT_STATUS_LABELS } from '../../shared/project-statuses';
import type { CreateProjectRequest, UpdateProjectRequest } from '../../shared/schemas/projects';
import { now } from '../clock';
import { Conflict, NotFound } from '../domain/errors';
import { batchGet, keyId } from '../db/reads';
import { TABLE_NAME } from '../db/client';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { collections, keys } from '../db/keys';
import { queryCollection } from '../db/query-collection';
import { type ActivityChange, activityEntry, activityPut } from './activity';
import { type FiguresItem, figuresUpdate } from './figures';
import { MAX_WRITE_ATTEMPTS, writeProjectChange } from './write-project-change';
import type { ProjectSummary } from '../dashboard/figures';
import type { UserItem } from '../user/item';
import { type ProjectItem, derivedAttributes, isProjectId, newProject, projectRecord } from './item';
import { wordWrites } from './words';
import type { NotificationMessage } from '../notifications/item';

/** Who changed a project, as activity entries name them. */
type Actor = Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>;

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_BUSY = 'The project was changed by someone else at the same time. Please try again.';

/** For RouteOptions.preload: the project named by the path, read with the session (a non-ULID id names nothing). */
export const preloadProject = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  isProjectId(params.id) ? keys.project(orgId, params.id) : undefined;

/** For RouteOptions.preload: the organization's figures item, which every project change updates. */
export const preloadFigures = ({ orgId }: { orgId: string }) => keys.projectFigures(orgId);

/** For RouteOptions.preload: the project named by the path and the figures item. */
export const preloadProjectAndFigures = (scope: { orgId: string; params: Record<string, string> }) =>
  isProjectId(scope.params.id) ? ([keys.project(scope.orgId, scope.params.id), keys.projectFigures(scope.orgId)] as const) : undefined;

/** A project and the figures item in one BatchGetItem (ConsistentRead): what every change computes from. */
async function readProjectAndFigures(orgId: string, projectId: string): Promise<{ project?: ProjectItem; figures?: FiguresItem }> {
  const projectKey = keys.project(orgId, projectId);
  const figuresKey = keys.projectFigures(orgId);
  const found = await batchGet([projectKey, figuresKey], { consistentRead: true });
  return { project: found.get(keyId(projectKey)) as ProjectItem | undefined, figures: found.get(keyId(figuresKey)) };
}

/** The entries a change of these fields makes, in the order a reader expects them. */
function fieldChanges(before: ProjectItem, after: ProjectItem): ActivityChange[] {
  const changes: ActivityChange[] = [];
  if (after.name !== before.name) changes.push({ action: 'renamed', from: before.name, to: after.name });
  if ((after.description ?? null) !== (before.description ?? null)) changes.push({ action: 'description_changed' });
  if ((after.dueDate ?? null) !== (before.dueDate ?? null)) changes.push({ action: 'due_date_changed', from: before.dueDate, to: after.dueDate });
  if (after.status !== before.status) changes.push({ action: 'status_changed', from: before.status, to: after.status });
  return changes;
}

const projectLink = (projectId: string) => `/projects/${projectId}`;

export const addedToProjectMessage = (project: Pick<ProjectItem, 'id' | 'name'>): NotificationMessage => ({
  title: 'Added to project',
  content: `You were added to the project "${project.name}".`,
  linkUrl: projectLink(project.id),
});

const statusChangedMessage = (project: Pick<ProjectItem, 'id' | 'name' | 'status'>): NotificationMessage => ({
  title: 'Project status changed',
  content: `The project "${project.name}" is now ${PROJECT_STATUS_LABELS[project.status] ?? project.status}.`,
  linkUrl: projectLink(project.id),
});

/**
 * The new project's writes for one TransactWriteItems: the item, +1 on its status's counter and the
 * 'created' entry and the name's word items. `figures` is the figures item as read with the session. The bench's DynamoDB floor
 * for POST /api/projects sends the same writes (bench/dynamodb-floor.ts).
 */
export function newProjectWrites(orgId: string, input: CreateProjectRequest, actor: Actor, figures: FiguresItem | undefined): { project: ProjectItem; writes: TransactItem[] } {
  const project = newProject(orgId, input, now().toISOString());
  const entry = activityEntry(project, actor, { action: 'created' });
  return {
    project,
    writes: [
      { Put: { TableName: TABLE_NAME, Item: projectRecord(project), ConditionExpression: 'attribute_not_exists(PK)' } },
      figuresUpdate(orgId, { deltas: { [project.status]: 1 }, entries: [entry], known: figures }),
      activityPut(orgId, entry),
      ...wordWrites(project, undefined, project.name),
    ],
  };
}

/** One TransactWriteItems (newProjectWrites). */
export async function createProject({ actor }: WriteContext, input: CreateProjectRequest, figures: FiguresItem | undefined): Promise<ProjectItem> {
  const { project, writes } = newProjectWrites(actor.orgId, input, actor, figures);
  await transactWrite(writes);
  return project;
}

/**
 * Applies the fields sent; a different status notifies every member but the actor and moves the
 * project between counters, and every field that changed writes an activity entry, all in the
 * same transaction. `read` is the project and figures item as read with the session, then one
 * conditional TransactWriteItems; a lost race reads them again (one BatchGetItem).
 */
export async function updateProject(
  { actor }: WriteContext,
  projectId: string,
  changes: UpdateProjectRequest,
  read: { project?: ProjectItem; figures?: FiguresItem },
): Promise<ProjectItem> {
  const { orgId } = actor;
  let { project: current, figures } = read;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) ({ project: current, figures } = await readProjectAndFigures(orgId, projectId));
    if (!current) throw new NotFound(PROJECT_NOT_FOUND);
    const set: Partial<ProjectItem> = { updatedAt: now().toISOString() };
    if (changes.name !== undefined) set.name = changes.name.trim();
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.status !== undefined) set.status = changes.status;
    if (changes.dueDate !== undefined) set.dueDate = changes.dueDate;
    const next: ProjectItem = { ...current, ...set, version: current.version + 1 };
    Object.assign(set, derivedAttributes(next));
    const statusChanged = next.status !== current.status;
    const recipients = statusChanged ? current.memberIds.filter((id) => id !== actor.id) : [];
    const entries = fieldChanges(current, next).map((change) => activityEntry(next, actor, change));
    const deltas = statusChanged ? { [current.status]: -1, [next.status]: 1 } : {};
    const alongside = entries.length ? [figuresUpdate(orgId, { deltas, entries, known: figures }), ...entries.map((entry) => activityPut(orgId, entry))] : [];
    const written = await writeProjectChange(orgId, projectId, {
      set,
      expectedVersion: current.version,
      recipients,
      message: statusChangedMessage(next),
      alongside: [...alongside, ...wordWrites(current, current.name, next.name)],
    });
    if (written) return next;
  }
  throw new Conflict(PROJECT_BUSY);
}

/**
 * One TransactWriteItems: the project's DeleteItem (on condition it is still the version read, so
 * the right counter goes down), -1 on its status's counter, the 'deleted' entry, which stays in
 * the organization's recent activity, the deletes of its word items and its audit entry. `read` is the project and figures item as read with the
 * session; a lost race reads them again. The project's entries are left to their TTL.
 */
export async function deleteProject(context: WriteContext, projectId: string, read: { project?: ProjectItem; figures?: FiguresItem }): Promise<void> {
  const { actor } = context;
  const { orgId } = actor;
  let { project, figures } = read;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) ({ project, figures } = await readProjectAndFigures(orgId, projectId));
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    const entry = activityEntry(project, actor, { action: 'deleted' });
    const deleted = await conditionHeld(
      transactWrite([
        {
          Delete: {
            TableName: TABLE_NAME,
            Key: keys.project(orgId, projectId),
            ConditionExpression: 'attribute_exists(PK) AND #version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': project.version },
          },
        },
        figuresUpdate(orgId, { deltas: { [project.status]: -1 }, entries: [entry], known: figures }),
        activityPut(orgId, entry),
        ...wordWrites(project, project.name, undefined),
        auditPut(context, { action: 'project.deleted', target: { type: 'project', id: project.id, label: project.name }, details: { status: project.status } }),
      ]),
    );
    if (deleted) return;
  }
  throw new Conflict(PROJECT_BUSY);
}

/**
 * What the dashboard needs of every project of the organization: one Query (one per 1 MB page,
 * about 5,000 projects) projecting only those attributes.
 */
export async function listProjectSummaries(orgId: string): Promise<ProjectSummary[]> {
  return queryCollection<ProjectSummary>(collections.projectsOfOrganization(orgId), {
    projection: 'id, #name, #status, dueDate, memberIds, createdAt',
    names: { '#name': 'name', '#status': 'status' },
    consistentRead: true,
  });
}
