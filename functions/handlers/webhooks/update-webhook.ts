import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toWebhookResponse } from '../../webhooks/item';
import { preloadWebhook } from '../../webhooks/reads';
import { updateWebhook } from '../../webhooks/writes';

/** PATCH /api/organization/webhooks/{id} (admins, stepped up): the endpoint comes with the session, then one transaction. */
export const handler = defineRoute(webhookEndpoints.update, { preload: preloadWebhook }, async (request) => {
  requireAdmin(request.session);
  return ok(toWebhookResponse(await updateWebhook(writeContext(request.session.user, request), request.preloaded, request.body)));
});
