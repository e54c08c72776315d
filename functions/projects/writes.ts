import type { CreateProjectRequest, UpdateProjectRequest } from '../../shared/schemas/projects';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now } from '../clock';
import { TABLE_NAME } from '../db/client';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { Conflict, NotFound } from '../domain/errors';
import { type ChangedFields, changeActor, changeEventPut } from '../events/change-event';
import type { UserItem } from '../user/item';
import { type ActivityChange, activityEntry, activityPut } from './activity';
import { projectCounted } from './figures';
import { type ProjectItem, type ProjectRecord, derivedChanges, newProject, projectRecord } from './item';
import { projectKeys } from './keys';
import { type MemberSetItem, memberIdsOf, memberSetWrite } from './member-set';
import { applyMembershipChangesNow } from './memberships';
import { PROJECT_BUSY, PROJECT_NOT_FOUND, statusChangedMessage } from './messages';
import { readProject, readProjectWithMembers } from './reads';
import { wordWrites } from './words';
import { MAX_WRITE_ATTEMPTS, writeProjectChange } from './write-project-change';

/** Who changed a project, as activity entries name them. */
type Actor = Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>;

/** The entries a change of these fields makes, in the order a reader expects them. */
function fieldChanges(before: ProjectItem, after: ProjectItem): ActivityChange[] {
  const changes: ActivityChange[] = [];
  if (after.name !== before.name) changes.push({ action: 'renamed', from: before.name, to: after.name });
  if ((after.description ?? null) !== (before.description ?? null)) changes.push({ action: 'description_changed' });
  if ((after.dueDate ?? null) !== (before.dueDate ?? null))
    changes.push({ action: 'due_date_changed', from: before.dueDate, to: after.dueDate });
  if (after.status !== before.status) changes.push({ action: 'status_changed', from: before.status, to: after.status });
  return changes;
}

/** The fields a change altered, each before and after, as its event names them. */
function changedFields(before: ProjectItem, after: ProjectItem): ChangedFields {
  const fields: ChangedFields = {};
  for (const field of ['name', 'description', 'dueDate', 'status'] as const) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) fields[field] = { from, to };
  }
  return fields;
}

/**
 * The new project's writes for one TransactWriteItems: the item, the 'created' entry, the event
 * that adds it to the counters (+1 on its status and its week) and the name's word items. The
 * bench's DynamoDB floor for POST /api/projects sends the same writes (bench/dynamodb-floor.ts).
 */
export function newProjectWrites(
  orgId: string,
  input: CreateProjectRequest,
  actor: Actor,
): { project: ProjectItem; writes: TransactItem[] } {
  const project = newProject(orgId, input, now().toISOString());
  const entry = activityEntry(project, actor, { action: 'created' });
  return {
    project,
    writes: [
      { Put: { TableName: TABLE_NAME, Item: projectRecord(project), ConditionExpression: 'attribute_not_exists(PK)' } },
      activityPut(orgId, entry),
      ...changeEventPut(orgId, [], undefined, projectCounted(project, 1), {
        change: { kind: 'project.created', projectId: project.id, actor: changeActor(actor) },
      }),
      ...wordWrites(project, undefined, project.name),
    ],
  };
}

/** One TransactWriteItems (newProjectWrites). */
export async function createProject({ actor }: WriteContext, input: CreateProjectRequest): Promise<ProjectItem> {
  const { project, writes } = newProjectWrites(actor.orgId, input, actor);
  await transactWrite(writes);
  return project;
}

/**
 * Applies the fields sent; a different status notifies every member but the actor and moves the
 * project between counters (the stream consumer counts the move from the project's own record:
 * docs/decisions/067), and every field that changed writes an activity entry, all in the same
 * transaction. `read` is the project as read with the session, then one conditional
 * TransactWriteItems. An edit of the name, description or due date applies only to the version it
 * was computed from (a lost race reads again); a change of the status alone is last-writer-wins: it
 * applies whatever status came in between, and is read again only when an edit changed the name or
 * due date its index keys are made of.
 */
export async function updateProject(
  { actor }: WriteContext,
  projectId: string,
  changes: UpdateProjectRequest,
  read: ProjectItem | undefined,
  /** Writes that must happen with the change and only with it (an automation run's step: functions/automations/runs.ts). */
  also: TransactItem[] = [],
): Promise<ProjectItem> {
  const { orgId } = actor;
  let current = read;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) current = await readProject(orgId, projectId);
    if (!current) throw new NotFound(PROJECT_NOT_FOUND);
    const set: Partial<ProjectItem> = { updatedAt: now().toISOString() };
    if (changes.name !== undefined) set.name = changes.name.trim();
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.dueDate !== undefined) set.dueDate = changes.dueDate;
    const next: ProjectItem = { ...current, ...set, status: changes.status ?? current.status, version: current.version + 1 };
    const statusChanged = next.status !== current.status;
    // A status sent unchanged is not written: an edit form sending every field must not undo a status changed meanwhile.
    if (statusChanged) set.status = next.status;
    const changed = fieldChanges(current, next);
    const derived = derivedChanges(next);
    // The entry says what the actor changed: from the status they saw (docs/decisions/067).
    const entries = changed.map((change) => activityEntry(next, actor, change));
    const statusAlone = changed.every((change) => change.action === 'status_changed');
    const dueKey = (current as Partial<ProjectRecord>).dueKey;
    const written = await writeProjectChange(orgId, projectId, {
      // Unchanged fields and index keys are not written back: a write that does not check the version must not undo an edit.
      set: statusAlone
        ? { updatedAt: set.updatedAt, ...(statusChanged ? { status: next.status, ...derived.set } : {}) }
        : { ...set, ...derived.set },
      remove: statusAlone && !statusChanged ? [] : derived.remove,
      unchanged: statusAlone && dueKey !== undefined ? { dueKey } : { version: current.version },
      recipients: [],
      // The members are named, not listed: the event stays a few hundred bytes with 500 of them (docs/decisions/037).
      audience: statusChanged ? { projectId, exceptId: actor.id } : undefined,
      message: statusChangedMessage(next),
      alongside: [...entries.map((entry) => activityPut(orgId, entry)), ...wordWrites(current, current.name, next.name), ...also],
      listChanged: changed.length > 0,
      change:
        changed.length > 0
          ? { kind: 'project.updated', projectId, actor: changeActor(actor), fields: changedFields(current, next) }
          : undefined,
    });
    if (written) return next;
  }
  throw new Conflict(PROJECT_BUSY);
}

/**
 * One TransactWriteItems: the project's DeleteItem (on condition it is still the version read, so
 * the right counter goes down and the member set read is the current one), the Delete of its member
 * set, the event taking it out of the counters and its members' own items, the 'deleted' entry,
 * which stays in the organization's recent activity, the deletes of its word items and its audit
 * entry. `read` is the project and its set as read with the session; a lost race reads them again.
 * The project's entries are left to their TTL.
 */
export async function deleteProject(
  context: WriteContext,
  projectId: string,
  read: { project: ProjectItem; members: MemberSetItem | undefined } | undefined,
): Promise<void> {
  const { actor } = context;
  const { orgId } = actor;
  let current = read;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) current = await readProjectWithMembers(orgId, projectId);
    if (!current) throw new NotFound(PROJECT_NOT_FOUND);
    const { project } = current;
    const entry = activityEntry(project, actor, { action: 'deleted' });
    const memberships = [{ projectId, version: project.version + 1, added: [], removed: memberIdsOf(current.members) }];
    const deleted = await conditionHeld(
      transactWrite([
        {
          Delete: {
            TableName: TABLE_NAME,
            Key: projectKeys.project(orgId, projectId),
            ConditionExpression: 'attribute_exists(PK) AND #version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': project.version },
          },
        },
        memberSetWrite(orgId, projectId, []),
        activityPut(orgId, entry),
        ...changeEventPut(orgId, [], undefined, projectCounted(project, -1), {
          memberships,
          change: { kind: 'project.deleted', projectId, actor: changeActor(actor) },
        }),
        ...wordWrites(project, project.name, undefined),
        auditPut(context, {
          action: 'project.deleted',
          target: { type: 'project', id: project.id, label: project.name },
          details: { status: project.status },
        }),
      ]),
    );
    if (!deleted) continue;
    await applyMembershipChangesNow(orgId, memberships);
    return;
  }
  throw new Conflict(PROJECT_BUSY);
}
