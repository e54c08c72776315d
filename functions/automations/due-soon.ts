import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AUTOMATION_DUE_SOON_DAYS_MAX } from '../../shared/limits';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import type { IndexName } from '../db/table-definition';
import { conditionHeld, transactWrite } from '../db/transactions';
import { type ChangeActor, changeEventPut } from '../events/change-event';
import type { ProjectItem } from '../projects/item';
import { openDueThrough, projectKeys } from '../projects/keys';
import type { DueSoonRulesItem } from './item';
import { automationCollections } from './keys';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A mark outlives its day by a little: a late retry of the run still finds it. */
const KEEP_MARK_MS = 3 * DAY_MS;
/** Nobody acts when a due date comes: the product's daily run does. */
const DUE_DATE_ACTOR: ChangeActor = { type: 'system', id: 'due-dates', name: 'Due dates' };

const dayOf = (at: Date, offsetDays: number) => new Date(at.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** An organization's open projects due on `day`: one Query of its openProjectsByDueDate index's day range. */
async function openProjectsOfOrgDueOn(orgId: string, day: string): Promise<Pick<ProjectItem, 'id' | 'dueDate' | 'status'>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'openProjectsByDueDate' satisfies IndexName,
      KeyConditionExpression: 'PK = :pk AND openDueKey BETWEEN :from AND :through',
      ExpressionAttributeValues: { ':pk': projectKeys.project(orgId, '').PK, ':from': day, ':through': openDueThrough(day) },
      ProjectionExpression: 'id, dueDate, #status',
      ExpressionAttributeNames: { '#status': 'status' },
    }),
  );
  // The index is a moment behind the table: a project completed just now may still be listed.
  return ((out.Items ?? []) as ProjectItem[]).filter((project) => project.status !== 'completed' && project.dueDate === day);
}

/**
 * The daily run's events for due-soon automations of 2 to 30 days (issue 64; 1 day ahead is the
 * due-tomorrow reminder's own event): only organizations that have such rules, read from their
 * registry (functions/automations/keys.ts), and for each only the days their rules name, a Query of
 * the organization's open projects due that day. One event per project and day, once however
 * often the run is repeated (a mark beside it, as the reminders'). Answers how many it wrote.
 */
export async function dueSoonEventsForRules(at: Date = now()): Promise<number> {
  const today = dayOf(at, 0);
  const organizations = await queryCollection<DueSoonRulesItem>(automationCollections.dueSoonRules());
  let written = 0;
  for (const organization of organizations) {
    for (let days = 2; days <= AUTOMATION_DUE_SOON_DAYS_MAX; days += 1) {
      if (!((organization[`d${days}`] ?? 0) > 0)) continue;
      for (const project of await openProjectsOfOrgDueOn(organization.orgId, dayOf(at, days))) {
        const mark = {
          Put: {
            TableName: TABLE_NAME,
            Item: {
              ...projectKeys.dueReminder(organization.orgId, project.id, `due-in-${days}`, today),
              type: 'REMINDER',
              projectId: project.id,
              remindedAt: at.toISOString(),
              ttl: ttlAt(at.getTime() + KEEP_MARK_MS),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        };
        const event = changeEventPut(organization.orgId, [], undefined, undefined, {
          change: { kind: 'project.due_soon', projectId: project.id, actor: DUE_DATE_ACTOR, dueInDays: days },
        });
        if (await conditionHeld(transactWrite([mark, ...event]))) written += 1;
      }
    }
  }
  return written;
}
