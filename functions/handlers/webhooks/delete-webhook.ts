import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { preloadWebhook } from '../../webhooks/reads';
import { deleteWebhook } from '../../webhooks/writes';

/** DELETE /api/organization/webhooks/{id} (admins, stepped up): nothing more is sent to it. */
export const handler = defineRoute(webhookEndpoints.remove, { preload: preloadWebhook }, async (request) => {
  requireAdmin(request.session);
  await deleteWebhook(writeContext(request.session.user, request), request.preloaded);
  return ok({ id: request.params.id });
});
