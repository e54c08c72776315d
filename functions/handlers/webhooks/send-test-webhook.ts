import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { accepted } from '../../http/response';
import { sendTestEvent } from '../../webhooks/asked';
import { toDeliveryResponse } from '../../webhooks/item';
import { preloadWebhook } from '../../webhooks/reads';

/** POST …/test (admins): 202, a `webhook.test` delivery the webhook consumer sends in a moment, never this request. */
export const handler = defineRoute(webhookEndpoints.sendTest, { preload: preloadWebhook }, async ({ session, preloaded }) => {
  requireAdmin(session);
  return accepted({ delivery: toDeliveryResponse(await sendTestEvent(preloaded)) });
});
