import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { toWebhookResponse } from '../../webhooks/item';
import { createWebhook } from '../../webhooks/writes';

/** POST /api/organization/webhooks (admins, stepped up): 201 with the signing secret, shown this once. */
export const handler = defineRoute(webhookEndpoints.create, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const { item, secret } = await createWebhook(writeContext(session.user, request), body);
  const { disabledReason: _off, ...shown } = toWebhookResponse(item);
  return created({ ...shown, secret });
});
