import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { IndexName } from '../db/table-definition';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { changeEventPut } from '../events/change-event';
import type { ChangeActor, NotificationMessage } from '../events/change-event';
import type { ProjectItem } from './item';
import { dueDayKey, projectKeys } from './keys';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reminder's mark outlives its day by a little: a late retry of the run still finds it. */
const KEEP_MARK_MS = 3 * DAY_MS;

type Kind = 'due-tomorrow' | 'overdue';
type DueProject = Pick<ProjectItem, 'id' | 'orgId' | 'name' | 'status' | 'dueDate'>;

export interface DueReminderRun {
  /** Projects whose members were reminded in this run, by kind. */
  reminded: { kind: Kind; projectId: string }[];
  /** Reminded earlier the same day (a retried or a second run). */
  alreadyReminded: number;
}

/** Nobody acts when a due date comes or passes: the product's daily run does. */
const DUE_DATE_ACTOR: ChangeActor = { type: 'system', id: 'due-dates', name: 'Due dates' };

const dayOf = (at: Date, offsetDays: number) => new Date(at.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Every open project due on `day`, across organizations: the projectsDueOn index's partition, a Query per page (never a Scan). */
async function openProjectsDueOn(day: string): Promise<DueProject[]> {
  const found: DueProject[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'projectsDueOn' satisfies IndexName,
        KeyConditionExpression: 'dueDayKey = :day',
        ExpressionAttributeValues: { ':day': dueDayKey(day) },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((out.Items ?? []) as DueProject[]));
    start = out.LastEvaluatedKey;
  } while (start);
  // The index is a moment behind the table: a project completed just now may still be listed.
  return found.filter((project) => project.status !== 'completed' && project.dueDate === day);
}

function reminderMessage(kind: Kind, project: DueProject): NotificationMessage {
  const linkUrl = `/projects/${project.id}`;
  return kind === 'overdue'
    ? {
        title: 'Project overdue',
        content: `The project "${project.name}" was due ${project.dueDate} and is now overdue.`,
        linkUrl,
      }
    : { title: 'Project due tomorrow', content: `The project "${project.name}" is due tomorrow (${project.dueDate}).`, linkUrl };
}

/**
 * One project's reminder: the day's mark (on condition there is none yet) and one event naming the
 * project's members (the consumer reads its member set, notifies each member and queues their
 * mail), in one transaction. Answers false when the mark was already there.
 */
function remind(kind: Kind, project: DueProject, day: string, at: Date): Promise<boolean> {
  const mark: TransactItem = {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...projectKeys.dueReminder(project.orgId, project.id, kind, day),
        type: 'REMINDER',
        projectId: project.id,
        remindedAt: at.toISOString(),
        ttl: ttlAt(at.getTime() + KEEP_MARK_MS),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const event = changeEventPut(project.orgId, [], reminderMessage(kind, project), undefined, {
    // Nobody acts: every member is told.
    audience: { projectId: project.id, exceptId: '' },
    mail: {
      template: 'due-reminder',
      data: { kind, projectName: project.name, dueDate: project.dueDate!, path: `/projects/${project.id}` },
    },
    change:
      kind === 'overdue'
        ? { kind: 'project.overdue', projectId: project.id, actor: DUE_DATE_ACTOR }
        : { kind: 'project.due_soon', projectId: project.id, actor: DUE_DATE_ACTOR, dueInDays: 1 },
  });
  return conditionHeld(transactWrite([mark, ...event]));
}

/**
 * The daily run (functions/handlers/projects/remind-due-projects.ts): the members of each open project due
 * tomorrow, and of each that became overdue today (due yesterday), are notified in the app and by
 * mail, once per project and day however often the run is repeated.
 */
export async function remindDueProjects(at: Date = now()): Promise<DueReminderRun> {
  const today = dayOf(at, 0);
  const run: DueReminderRun = { reminded: [], alreadyReminded: 0 };
  const [dueTomorrow, overdue] = await Promise.all([openProjectsDueOn(dayOf(at, 1)), openProjectsDueOn(dayOf(at, -1))]);
  const work = [
    ...dueTomorrow.map((project) => ({ kind: 'due-tomorrow' as const, project })),
    ...overdue.map((project) => ({ kind: 'overdue' as const, project })),
  ];
  for (const { kind, project } of work) {
    if (await remind(kind, project, today, at)) run.reminded.push({ kind, projectId: project.id });
    else run.alreadyReminded += 1;
  }
  return run;
}
