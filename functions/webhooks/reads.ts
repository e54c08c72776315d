import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ULID } from '../../shared/ids';
import type { WebhookDeliveryPageResponse } from '../../shared/schemas/webhooks';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { openCursor, sealCursor } from '../db/list-cursor';
import { queryCollection } from '../db/query-collection';
import { WEBHOOK_DELIVERY_PAGE_SIZE, type WebhookDeliveryItem, type WebhookItem, toDeliveryResponse } from './item';
import { webhookCollections, webhookKeys } from './keys';

/** The organization's endpoints, oldest first (their ids are ULIDs): at most WEBHOOKS_MAX; strong, as the list is read again right after a change. */
export const listWebhooks = (orgId: string) =>
  queryCollection<WebhookItem>(webhookCollections.webhooksOfOrganization(orgId), { consistentRead: true });

/** One page of an endpoint's deliveries, newest first: one Query; the cursor is sealed to the endpoint (functions/db/list-cursor.ts). */
export async function listDeliveries(
  orgId: string,
  webhookId: string,
  cursor: string | undefined,
): Promise<WebhookDeliveryPageResponse> {
  const list = ['webhook-deliveries', webhookId] as const;
  const collection = webhookCollections.deliveriesOfWebhook(orgId, webhookId);
  const range = keyBeginsWith('SK', collection.prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      ExpressionAttributeValues: { ':pk': collection.PK, ...range.values },
      ScanIndexForward: false,
      Limit: WEBHOOK_DELIVERY_PAGE_SIZE,
      ...(cursor ? { ExclusiveStartKey: await openCursor(cursor, orgId, list) } : {}),
    }),
  );
  const items = (out.Items ?? []) as WebhookDeliveryItem[];
  const next = out.LastEvaluatedKey as Record<string, string> | undefined;
  return { deliveries: items.map(toDeliveryResponse), nextCursor: next ? await sealCursor(orgId, list, next) : null };
}

/** For RouteOptions.preload: the endpoint the path names, in the session's organization (another's is not found). */
export const preloadWebhook = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  ULID.test(params.id ?? '') ? ([webhookKeys.webhook(orgId, params.id!)] as const) : undefined;

/** The endpoint and one of its deliveries, both with the session. */
export const preloadWebhookDelivery = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  ULID.test(params.id ?? '') && ULID.test(params.deliveryId ?? '')
    ? ([webhookKeys.webhook(orgId, params.id!), webhookKeys.delivery(orgId, params.id!, params.deliveryId!)] as const)
    : undefined;
