import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTOMATIONS_PER_SCOPE_MAX } from '../../shared/limits';
import type { AutomationAction, CreateAutomationRequest, UpdateAutomationRequest } from '../../shared/schemas/automations';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { batchGet, keyId } from '../db/reads';
import { type TransactItem, transactWrite, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { actorIsAdmin } from '../organization-users/writes';
import { isProjectId } from '../projects/item';
import { projectKeys } from '../projects/keys';
import { PROJECT_NOT_FOUND } from '../projects/messages';
import { userKeys } from '../user/keys';
import { webhookKeys } from '../webhooks/keys';
import { AUTOMATION_WEBHOOK_NOT_FOUND } from '../webhooks/messages';
import { type AutomationItem, newAutomation, normalizedRequest } from './item';
import { automationKeys, scopeOf } from './keys';
import { AUTOMATION_BUSY, AUTOMATION_NOT_FOUND, AUTOMATION_PEOPLE_NOT_IN_ORGANIZATION, TOO_MANY_AUTOMATIONS } from './messages';
import { rulesOfProject } from './reads';

type Actor = WriteContext['actor'] & { role: string };

/** The people an automation's actions name (added, removed, notified by name). */
const peopleNamedBy = (actions: AutomationAction[]) => [
  ...new Set(
    actions.flatMap((action) =>
      action.type === 'add_members' || action.type === 'remove_members'
        ? action.memberIds
        : action.type === 'notify' && Array.isArray(action.to)
          ? action.to
          : [],
    ),
  ),
];

/** 400 on `actions` unless everyone the actions name is a person of the organization (read by key: nobody else is found). */
async function requirePeopleOfOrganization(orgId: string, actions: AutomationAction[]) {
  const ids = peopleNamedBy(actions);
  if (ids.length === 0) return;
  const found = await batchGet(ids.map((id) => userKeys.user(orgId, id)));
  if (ids.some((id) => !found.has(keyId(userKeys.user(orgId, id)))))
    throw new Refused('invalid', AUTOMATION_PEOPLE_NOT_IN_ORGANIZATION, { actions: AUTOMATION_PEOPLE_NOT_IN_ORGANIZATION });
}

/** 400 on `actions` unless every endpoint a webhook action names is the organization's (read by key: another's is not found). */
async function requireWebhooksOfOrganization(orgId: string, actions: AutomationAction[]) {
  const ids = [...new Set(actions.flatMap((action) => (action.type === 'webhook' ? [action.webhookId] : [])))];
  if (ids.length === 0) return;
  const found = await batchGet(ids.map((id) => webhookKeys.webhook(orgId, id)));
  if (ids.some((id) => !found.has(keyId(webhookKeys.webhook(orgId, id)))))
    throw new Refused('invalid', AUTOMATION_WEBHOOK_NOT_FOUND, { actions: AUTOMATION_WEBHOOK_NOT_FOUND });
}

/**
 * Who may change a rule: an organization-wide one is admins' (held in the write's own transaction:
 * the actor is still an admin when it happens); a project's is any member of the organization's.
 */
function mayChange(actor: Actor, projectId: string | null): TransactItem[] {
  if (projectId) return [];
  if (actor.role !== 'admin') throw new Refused('not-allowed', ADMINS_ONLY);
  return [actorIsAdmin(actor)];
}

const put = (item: AutomationItem, key: { PK: string; SK: string }, condition?: string): TransactItem => ({
  Put: { TableName: TABLE_NAME, Item: { ...item, ...key }, ...(condition ? { ConditionExpression: condition } : {}) },
});

/** The rule by id and its copy where its trigger's events find it. */
const ruleWrites = (item: AutomationItem): TransactItem[] => [
  put(item, automationKeys.rule(item.orgId, item.id)),
  put(item, automationKeys.match(item.orgId, scopeOf(item.projectId), item.trigger.type, item.id)),
];

const scopeCountChange = (orgId: string, projectId: string | null, delta: 1 | -1): TransactItem => ({
  Update: {
    TableName: TABLE_NAME,
    Key: automationKeys.scopeCount(orgId, scopeOf(projectId)),
    UpdateExpression: 'ADD #count :delta',
    ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(#count) OR #count < :max' } : {}),
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 ? { ':max': AUTOMATIONS_PER_SCOPE_MAX } : {}) },
  },
});

/**
 * A due-soon rule's place in its organization's count of them by days, moved from one trigger to
 * another (none for other triggers): one Update, since a transaction writes an item once.
 */
function dueSoonMove(
  orgId: string,
  from: AutomationItem['trigger'] | undefined,
  to: AutomationItem['trigger'] | undefined,
): TransactItem[] {
  const deltas = new Map<string, number>();
  if (from?.type === 'project.due_soon') deltas.set(`d${from.days}`, -1);
  if (to?.type === 'project.due_soon') deltas.set(`d${to.days}`, (deltas.get(`d${to.days}`) ?? 0) + 1);
  const moved = [...deltas].filter(([, delta]) => delta !== 0);
  if (moved.length === 0) return [];
  return [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: automationKeys.dueSoonRules(orgId),
        UpdateExpression: `ADD ${moved.map((_, index) => `#d${index} :d${index}`).join(', ')} SET #orgId = :orgId`,
        ExpressionAttributeNames: {
          '#orgId': 'orgId',
          ...Object.fromEntries(moved.map(([name], index) => [`#d${index}`, name])),
        },
        ExpressionAttributeValues: {
          ':orgId': orgId,
          ...Object.fromEntries(moved.map(([, delta], index) => [`:d${index}`, delta])),
        },
      },
    },
  ];
}

const auditOf = (
  context: WriteContext,
  action: 'automation.created' | 'automation.updated' | 'automation.deleted',
  item: AutomationItem,
) =>
  auditPut(context, {
    action,
    target: { type: 'automation', id: item.id, label: item.name },
    details: { projectId: item.projectId, trigger: item.trigger.type, enabled: item.enabled },
  });

/**
 * A new rule in one TransactWriteItems: the rule and its copy, its scope's count (at most
 * AUTOMATIONS_PER_SCOPE_MAX) and its audit entry; a project's rule on condition the project exists.
 */
export async function createAutomation(context: WriteContext<Actor>, input: CreateAutomationRequest): Promise<AutomationItem> {
  const { actor } = context;
  const fields = normalizedRequest(input);
  const admin = mayChange(actor, fields.projectId);
  if (fields.projectId !== null && !isProjectId(fields.projectId)) throw new NotFound(PROJECT_NOT_FOUND);
  await requirePeopleOfOrganization(actor.orgId, fields.actions);
  await requireWebhooksOfOrganization(actor.orgId, fields.actions);
  const item = newAutomation(actor.orgId, fields, actor.id, now());
  const projectExists: TransactItem[] = fields.projectId
    ? [
        {
          ConditionCheck: {
            TableName: TABLE_NAME,
            Key: projectKeys.project(actor.orgId, fields.projectId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ]
    : [];
  const items = [
    ...ruleWrites(item),
    scopeCountChange(actor.orgId, item.projectId, 1),
    ...projectExists,
    ...admin,
    auditOf(context, 'automation.created', item),
    ...dueSoonMove(actor.orgId, undefined, item.trigger),
  ];
  await transactWriteExplained(items, (failed) => {
    if (failed.has(2)) return new Refused('invalid', TOO_MANY_AUTOMATIONS(AUTOMATIONS_PER_SCOPE_MAX));
    if (projectExists.length > 0 && failed.has(3)) return new NotFound(PROJECT_NOT_FOUND);
    return new Refused('not-allowed', ADMINS_ONLY);
  });
  return item;
}

/**
 * A rule's new fields in one TransactWriteItems: the rule on condition it is the version read, its
 * copy moved when the trigger changed, and the audit entry.
 */
export async function updateAutomation(
  context: WriteContext<Actor>,
  current: AutomationItem | undefined,
  changes: UpdateAutomationRequest,
): Promise<AutomationItem> {
  if (!current) throw new NotFound(AUTOMATION_NOT_FOUND);
  const { actor } = context;
  const admin = mayChange(actor, current.projectId);
  if (changes.actions) {
    await requirePeopleOfOrganization(actor.orgId, changes.actions);
    await requireWebhooksOfOrganization(actor.orgId, changes.actions);
  }
  const next: AutomationItem = {
    ...current,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    updatedAt: now().toISOString(),
  };
  const scope = scopeOf(current.projectId);
  const moved = next.trigger.type !== current.trigger.type;
  const items: TransactItem[] = [
    put(next, automationKeys.rule(actor.orgId, current.id), '#updatedAt = :read'),
    put(next, automationKeys.match(actor.orgId, scope, next.trigger.type, current.id)),
    ...(moved
      ? [{ Delete: { TableName: TABLE_NAME, Key: automationKeys.match(actor.orgId, scope, current.trigger.type, current.id) } }]
      : []),
    ...admin,
    auditOf(context, 'automation.updated', next),
    ...dueSoonMove(actor.orgId, current.trigger, next.trigger),
  ];
  items[0]!.Put!.ExpressionAttributeNames = { '#updatedAt': 'updatedAt' };
  items[0]!.Put!.ExpressionAttributeValues = { ':read': current.updatedAt };
  await transactWriteExplained(items, (failed) =>
    failed.has(0) ? new Conflict(AUTOMATION_BUSY) : new Refused('not-allowed', ADMINS_ONLY),
  );
  return next;
}

/** The rule, its copy and its place in its scope's count go, with an audit entry. */
export async function deleteAutomation(context: WriteContext<Actor>, current: AutomationItem | undefined): Promise<void> {
  if (!current) throw new NotFound(AUTOMATION_NOT_FOUND);
  const { actor } = context;
  const admin = mayChange(actor, current.projectId);
  await transactWriteExplained(
    [
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: automationKeys.rule(actor.orgId, current.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: automationKeys.match(actor.orgId, scopeOf(current.projectId), current.trigger.type, current.id),
        },
      },
      scopeCountChange(actor.orgId, current.projectId, -1),
      ...admin,
      auditOf(context, 'automation.deleted', current),
      ...dueSoonMove(actor.orgId, current.trigger, undefined),
    ],
    (failed) => (failed.has(0) ? new NotFound(AUTOMATION_NOT_FOUND) : new Refused('not-allowed', ADMINS_ONLY)),
  );
}

/** A deleted project's rules go with it (the automations consumer, after the project's deletion). Idempotent. */
export async function deleteRulesOfProject(orgId: string, projectId: string): Promise<number> {
  const rules = await rulesOfProject(orgId, projectId);
  for (const rule of rules) {
    await transactWrite([
      ...dueSoonMove(orgId, rule.trigger, undefined),
      { Delete: { TableName: TABLE_NAME, Key: automationKeys.rule(orgId, rule.id) } },
      { Delete: { TableName: TABLE_NAME, Key: automationKeys.match(orgId, scopeOf(projectId), rule.trigger.type, rule.id) } },
    ]);
  }
  if (rules.length > 0)
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: automationKeys.scopeCount(orgId, scopeOf(projectId)),
        UpdateExpression: 'REMOVE #count',
        ExpressionAttributeNames: { '#count': 'count' },
      }),
    );
  return rules.length;
}

/** What the rule shows of its latest run, on both its items (written after the run, unconditionally: the newest run wins by its time). */
export async function recordLastRun(rule: AutomationItem, lastRun: NonNullable<AutomationItem['lastRun']>): Promise<void> {
  const keys = [
    automationKeys.rule(rule.orgId, rule.id),
    automationKeys.match(rule.orgId, scopeOf(rule.projectId), rule.trigger.type, rule.id),
  ];
  await Promise.all(
    keys.map((Key) =>
      db
        .send(
          new UpdateCommand({
            TableName: TABLE_NAME,
            Key,
            ...updateExpression({ set: { lastRun } }, { expression: 'attribute_exists(PK)', names: {}, values: {} }),
          }),
        )
        .catch((error: Error) => {
          // A rule deleted meanwhile has nothing to show it on.
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        }),
    ),
  );
}
