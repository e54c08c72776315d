import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { accepted } from '../../http/response';
import { retryDelivery } from '../../webhooks/asked';
import { toDeliveryResponse } from '../../webhooks/item';
import { preloadWebhookDelivery } from '../../webhooks/reads';

/** POST …/deliveries/{deliveryId}/retry (admins): 202; the endpoint and the delivery come with the session, then one write. */
export const handler = defineRoute(
  webhookEndpoints.retryDelivery,
  { preload: preloadWebhookDelivery },
  async ({ session, preloadedAll }) => {
    requireAdmin(session);
    const [webhook, delivery] = preloadedAll;
    return accepted({ delivery: toDeliveryResponse(await retryDelivery(webhook, delivery)) });
  },
);
