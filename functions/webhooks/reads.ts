import { ULID } from '../../shared/ids';
import type { WebhookDeliveryPageResponse } from '../../shared/schemas/webhooks';
import { newestFirstPage } from '../db/newest-first-page';
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
  const page = await newestFirstPage<WebhookDeliveryItem>(
    orgId,
    ['webhook-deliveries', webhookId],
    webhookCollections.deliveriesOfWebhook(orgId, webhookId),
    WEBHOOK_DELIVERY_PAGE_SIZE,
    cursor,
  );
  return { deliveries: page.items.map(toDeliveryResponse), nextCursor: page.nextCursor };
}

/** For RouteOptions.preload: the endpoint the path names, in the session's organization (another's is not found). */
export const preloadWebhook = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  ULID.test(params.id ?? '') ? ([webhookKeys.webhook(orgId, params.id!)] as const) : undefined;

/** The endpoint and one of its deliveries, both with the session. */
export const preloadWebhookDelivery = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  ULID.test(params.id ?? '') && ULID.test(params.deliveryId ?? '')
    ? ([webhookKeys.webhook(orgId, params.id!), webhookKeys.delivery(orgId, params.id!, params.deliveryId!)] as const)
    : undefined;
