import type { CreateWebhookRequest, UpdateWebhookRequest } from '../../shared/schemas/webhooks';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now } from '../clock';
import { TABLE_NAME } from '../db/client';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { actorIsAdmin } from '../organization-users/writes';
import { PREVIOUS_SECRET_MS, WEBHOOKS_MAX, type WebhookItem, newWebhookId, newWebhookSecret } from './item';
import { webhookKeys } from './keys';
import { TOO_MANY_WEBHOOKS, WEBHOOK_BUSY, WEBHOOK_NOT_FOUND } from './messages';
import { listWebhooks } from './reads';
import { checkWebhookUrl } from './target';

/**
 * The organization's endpoints (issue 65, item 3): created, changed, deleted and rotated by an admin
 * (stepped up), each change one transaction with the check that the actor is still an admin and its
 * audit entry. A change is made on condition the endpoint is still the version read.
 */

const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);
const webhookTarget = (item: WebhookItem) => ({ type: 'webhook' as const, id: item.id, label: item.url });

type AuditedAction = 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.secret_rotated';
const auditOf = (context: WriteContext, action: AuditedAction, item: WebhookItem) =>
  auditPut(context, {
    action,
    target: webhookTarget(item),
    details: { events: item.events.join(' '), enabled: item.enabled },
  });

const unchangedSince = (item: WebhookItem) => ({
  ConditionExpression: '#updatedAt = :read',
  ExpressionAttributeNames: { '#updatedAt': 'updatedAt' },
  ExpressionAttributeValues: { ':read': item.updatedAt },
});

interface PutCondition {
  ConditionExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const putOf = (item: WebhookItem, condition: PutCondition): TransactItem => ({
  Put: { TableName: TABLE_NAME, Item: { ...webhookKeys.webhook(item.orgId, item.id), ...item }, ...condition },
});

export async function createWebhook(
  context: WriteContext,
  input: CreateWebhookRequest,
): Promise<{ item: WebhookItem; secret: string }> {
  const { actor } = context;
  const url = checkWebhookUrl(input.url);
  if ((await listWebhooks(actor.orgId)).length >= WEBHOOKS_MAX) throw new Refused('invalid', TOO_MANY_WEBHOOKS);
  const at = now();
  const item: WebhookItem = {
    type: 'WEBHOOK',
    id: newWebhookId(at),
    orgId: actor.orgId,
    url,
    events: [...new Set(input.events)],
    description: input.description ?? '',
    enabled: true,
    secret: newWebhookSecret(),
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    createdBy: { id: actor.id, fullName: actor.fullName },
  };
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      putOf(item, { ConditionExpression: 'attribute_not_exists(PK)' }),
      auditOf(context, 'webhook.created', item),
    ],
    (failed) => (failed.has(0) ? notAdmin() : undefined),
  );
  return { item, secret: item.secret };
}

/** Turning an endpoint on again forgets why it was off and how long it had been failing. */
export async function updateWebhook(
  context: WriteContext,
  current: WebhookItem | undefined,
  changes: UpdateWebhookRequest,
): Promise<WebhookItem> {
  if (!current) throw new NotFound(WEBHOOK_NOT_FOUND);
  const url = changes.url === undefined ? current.url : checkWebhookUrl(changes.url);
  const next: WebhookItem = {
    ...current,
    url,
    events: changes.events ? [...new Set(changes.events)] : current.events,
    description: changes.description ?? current.description,
    enabled: changes.enabled ?? current.enabled,
    updatedAt: now().toISOString(),
  };
  if (changes.enabled === true && !current.enabled) {
    delete next.disabledReason;
    delete next.failingSince;
  }
  await write(context, [putOf(next, unchangedSince(current)), auditOf(context, 'webhook.updated', next)]);
  return next;
}

/** Deleted at once: a delivery still due finds no endpoint and is marked failed without a try. */
export async function deleteWebhook(context: WriteContext, current: WebhookItem | undefined): Promise<void> {
  if (!current) throw new NotFound(WEBHOOK_NOT_FOUND);
  await write(context, [
    {
      Delete: { TableName: TABLE_NAME, Key: webhookKeys.webhook(current.orgId, current.id), ...unchangedSince(current) },
    },
    auditOf(context, 'webhook.deleted', current),
  ]);
}

/** A new secret; the one it replaces signs beside it for PREVIOUS_SECRET_MS, so the receiver can switch without losing a delivery. */
export async function rotateWebhookSecret(
  context: WriteContext,
  current: WebhookItem | undefined,
): Promise<{ item: WebhookItem; secret: string }> {
  if (!current) throw new NotFound(WEBHOOK_NOT_FOUND);
  const at = now();
  const next: WebhookItem = {
    ...current,
    secret: newWebhookSecret(),
    previousSecret: current.secret,
    previousSecretExpiresAt: at.getTime() + PREVIOUS_SECRET_MS,
    updatedAt: at.toISOString(),
  };
  await write(context, [putOf(next, unchangedSince(current)), auditOf(context, 'webhook.secret_rotated', next)]);
  return { item: next, secret: next.secret };
}

/** The change with the actor's admin check: a lost race (another change, or a deletion) is 409. */
async function write(context: WriteContext, items: TransactItem[]) {
  await transactWriteExplained([actorIsAdmin(context.actor), ...items], (failed) =>
    failed.has(0) ? notAdmin() : failed.has(1) ? new Conflict(WEBHOOK_BUSY) : undefined,
  );
}
