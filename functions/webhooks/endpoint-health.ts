import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { conditionHeld, conditionHeldAnswer, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { outboxPut } from '../mailer/outbox';
import { organizationKeys } from '../organization/keys';
import { adminsOfOrganization } from '../user/reads';
import type { WebhookItem } from './item';
import { webhookKeys } from './keys';

/**
 * Whether an endpoint still gets deliveries: failing for FAILING_DAYS without one delivered turns it
 * off, and so does a 410 Gone at once (the receiver says it is gone for good), each time with a mail
 * to the organization's admins; an admin turns it on again (functions/webhooks/writes.ts).
 */
export const FAILING_DAYS = 5;
const FAILING_MS = FAILING_DAYS * 24 * 60 * 60 * 1000;
/** The admins mailed: the first by name (one Query of the role index), as billing's alerts. */
const ADMINS_MAILED = 30;

export const GONE_REASON = 'Your endpoint answered 410 Gone';
export const FAILING_REASON = `Every delivery to it failed for ${FAILING_DAYS} days`;

/** A delivered try ends the endpoint's failing streak (one write, only when there was one). */
export async function endpointDelivered(endpoint: WebhookItem) {
  if (endpoint.failingSince === undefined) return;
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.webhook(endpoint.orgId, endpoint.id),
        ...updateExpression({ remove: ['failingSince'] }, { expression: 'attribute_exists(PK)' }),
      }),
    ),
  );
}

/** A failed try starts the streak or goes on with it; past FAILING_DAYS, the endpoint is turned off. Answers whether it was. */
export async function endpointFailed(endpoint: WebhookItem, at: number): Promise<boolean> {
  const out = await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.webhook(endpoint.orgId, endpoint.id),
        UpdateExpression: 'SET #failingSince = if_not_exists(#failingSince, :at)',
        ConditionExpression: 'attribute_exists(PK) AND #enabled = :on',
        ExpressionAttributeNames: { '#failingSince': 'failingSince', '#enabled': 'enabled' },
        ExpressionAttributeValues: { ':at': at, ':on': true },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const failingSince = (out?.Attributes as WebhookItem | undefined)?.failingSince;
  if (failingSince === undefined || at - failingSince < FAILING_MS) return false;
  return disableEndpoint(endpoint, FAILING_REASON, at);
}

/**
 * Turns the endpoint off with its reason and mails the admins, in one transaction on condition it is
 * still on: however many tries find it failing at once, it is turned off, and the admins mailed, once.
 */
export async function disableEndpoint(endpoint: WebhookItem, reason: string, at: number): Promise<boolean> {
  const [organization, admins] = await Promise.all([
    getItem(organizationKeys.organization(endpoint.orgId), { consistentRead: true }),
    adminsOfOrganization(endpoint.orgId, ADMINS_MAILED),
  ]);
  const organizationName = organization?.name ?? 'your organization';
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: webhookKeys.webhook(endpoint.orgId, endpoint.id),
          ...updateExpression(
            { set: { enabled: false, disabledReason: reason, updatedAt: new Date(at).toISOString() } },
            { expression: 'attribute_exists(PK) AND #enabled = :on', names: { '#enabled': 'enabled' }, values: { ':on': true } },
          ),
        },
      },
      ...admins.map((admin) =>
        outboxPut(admin.username, {
          template: 'webhook-disabled',
          data: { fullName: admin.fullName, organizationName, url: endpoint.url, reason },
        }),
      ),
    ]),
  );
}
