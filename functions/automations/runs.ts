import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTOMATION_DEPTH_MAX } from '../../shared/limits';
import type { AutomationRunOutcome } from '../../shared/schemas/automations';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { type TransactItem, conditionHeld } from '../db/transactions';
import { Conflict, DomainError } from '../domain/errors';
import { withCausation } from '../events/causation';
import type { ChangeEventItem } from '../events/change-event';
import { memberIdsOf } from '../projects/member-set';
import { readProjectWithMembers } from '../projects/reads';
import { performAction } from './actions';
import { spendRunBudget } from './budget';
import type { AutomationItem, AutomationRunItem, RunActionRecord } from './item';
import { automationKeys } from './keys';
import { triggerMatches, triggerTypeOf, unmetCondition } from './matching';
import { rulesOfTrigger } from './reads';
import { deleteRulesOfProject, recordLastRun } from './writes';

/** Runs are kept a month: the history panel shows the recent ones. */
const KEEP_RUN_MS = 30 * 24 * 60 * 60 * 1000;

export const STOPPED_AT_DEPTH = `Stopped: automations set each other off ${AUTOMATION_DEPTH_MAX} times in a row. Check for rules that undo each other.`;

/** What one event did: each rule it started and how its run ended. */
export interface EventRuns {
  eventId: string;
  runs: { ruleId: string; outcome: AutomationRunOutcome }[];
}

/**
 * Every rule an event starts, each run exactly once however often the event is delivered (issue 64):
 * the rules of its trigger found by key (two Queries), then per rule its run. A deleted project's
 * rules go with it. Throws to have the event delivered again (a lost race, the minute's budget
 * spent); what it did before is not done twice.
 */
export async function runAutomations(event: ChangeEventItem): Promise<EventRuns> {
  const change = event.change;
  const done: EventRuns = { eventId: event.id, runs: [] };
  if (!change) return done;
  if (change.kind === 'project.deleted') {
    await deleteRulesOfProject(event.orgId, change.projectId);
    return done;
  }
  const trigger = triggerTypeOf(change);
  if (!trigger) return done;
  const rules = (await rulesOfTrigger(event.orgId, change.projectId, trigger)).filter(
    (rule) => rule.enabled && triggerMatches(rule.trigger, change),
  );
  for (const rule of rules) done.runs.push({ ruleId: rule.id, outcome: await runRule(rule, event) });
  return done;
}

const actionsRecord = (rule: AutomationItem, from: number): RunActionRecord[] =>
  rule.actions.slice(from).map((action) => ({ type: action.type, outcome: 'skipped', detail: null }));

/** The run's first record: on condition there is none, so a second delivery finds it and goes on from it. */
async function startRun(rule: AutomationItem, event: ChangeEventItem): Promise<AutomationRunItem> {
  const key = automationKeys.run(rule.orgId, rule.id, event.id);
  const existing = await getItem(key, { consistentRead: true });
  if (existing) return existing;
  // A new run counts against its organization's minute (it waits, in its queue, once the minute's are spent).
  await spendRunBudget(rule.orgId);
  const at = now();
  const run: AutomationRunItem = {
    type: 'AUTOMATION_RUN',
    id: `${event.id}.${rule.id}`,
    ruleId: rule.id,
    eventId: event.id,
    projectId: event.change!.projectId,
    at: at.toISOString(),
    done: 0,
    actions: [],
    ttl: ttlAt(at.getTime() + KEEP_RUN_MS),
  };
  const started = await conditionHeld(
    db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...key, ...run }, ConditionExpression: 'attribute_not_exists(PK)' })),
  );
  return started ? run : ((await getItem(key, { consistentRead: true })) ?? run);
}

/** The step of action `index`: the run's record of it, on condition no other delivery wrote it first. */
function stepOf(run: AutomationRunItem, rule: AutomationItem, index: number, detail: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: automationKeys.run(rule.orgId, rule.id, run.eventId),
      UpdateExpression: 'SET #done = :next, #actions = list_append(#actions, :action)',
      ConditionExpression: '#done = :index',
      ExpressionAttributeNames: { '#done': 'done', '#actions': 'actions' },
      ExpressionAttributeValues: {
        ':index': index,
        ':next': index + 1,
        ':action': [{ type: rule.actions[index]!.type, outcome: 'succeeded', detail } satisfies RunActionRecord],
      },
    },
  };
}

/** The run's end: its outcome, why, and the actions not done; once (a second end keeps the first). */
async function endRun(
  rule: AutomationItem,
  run: AutomationRunItem,
  outcome: AutomationRunOutcome,
  detail: string | null,
  rest: RunActionRecord[] = [],
): Promise<AutomationRunOutcome> {
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: automationKeys.run(rule.orgId, rule.id, run.eventId),
        UpdateExpression: 'SET #outcome = :outcome, #detail = :detail, #actions = list_append(#actions, :rest)',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#outcome)',
        ExpressionAttributeNames: { '#outcome': 'outcome', '#detail': 'detail', '#actions': 'actions' },
        ExpressionAttributeValues: { ':outcome': outcome, ':detail': detail, ':rest': rest },
      }),
    ),
  );
  await recordLastRun(rule, { at: run.at, outcome });
  return outcome;
}

/**
 * One rule's run on one event. A chain deeper than AUTOMATION_DEPTH_MAX stops; conditions that do not
 * hold skip it; each action is written with its step (one transaction), so a redelivery goes on from
 * the first action not yet written; a failed action (a domain error: the project gone, a person no
 * longer in the organization) ends the run 'failed' with its reason and skips the rest.
 */
async function runRule(rule: AutomationItem, event: ChangeEventItem): Promise<AutomationRunOutcome> {
  const change = event.change!;
  let run = await startRun(rule, event);
  if (run.outcome) return run.outcome;
  const depth = (change.causation?.depth ?? 0) + 1;
  if (depth > AUTOMATION_DEPTH_MAX) return endRun(rule, run, 'stopped', STOPPED_AT_DEPTH, actionsRecord(rule, run.done));
  if (run.done === 0) {
    const found = await readProjectWithMembers(rule.orgId, change.projectId);
    if (!found) return endRun(rule, run, 'skipped', 'The project no longer exists', actionsRecord(rule, 0));
    const unmet = unmetCondition(rule.conditions, found.project, memberIdsOf(found.members).length);
    if (unmet) return endRun(rule, run, 'skipped', unmet, actionsRecord(rule, 0));
  }
  const causation = { ruleId: rule.id, runId: run.id, depth };
  for (let index = run.done; index < rule.actions.length; index += 1) {
    const action = rule.actions[index]!;
    try {
      const current = run;
      await withCausation(causation, () =>
        performAction(rule, change.projectId, action, (detail) => stepOf(current, rule, index, detail), event),
      );
    } catch (error) {
      // Another delivery of the same event wrote this action first: go on from where it got to.
      const written = await getItem(automationKeys.run(rule.orgId, rule.id, event.id), { consistentRead: true });
      if (written && written.done > index) {
        run = written;
        index = written.done - 1;
        continue;
      }
      if (error instanceof DomainError && !(error instanceof Conflict)) {
        const failed: RunActionRecord = { type: action.type, outcome: 'failed', detail: error.message };
        return endRun(rule, run, 'failed', `${describe(action)} failed: ${error.message}`, [
          failed,
          ...actionsRecord(rule, index + 1),
        ]);
      }
      throw error;
    }
  }
  return endRun(rule, run, 'succeeded', null);
}

/** An action in words, as the run history lists it. */
export function describe(action: AutomationItem['actions'][number]): string {
  switch (action.type) {
    case 'set_status':
      return 'Set the status';
    case 'set_due_date':
      return 'Set the due date';
    case 'add_members':
      return 'Add people';
    case 'remove_members':
      return 'Remove people';
    case 'notify':
      return 'Notify';
    case 'comment':
      return 'Comment';
    case 'webhook':
      return 'Send to a webhook';
  }
}
