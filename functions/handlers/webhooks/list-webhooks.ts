import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toWebhookResponse } from '../../webhooks/item';
import { listWebhooks } from '../../webhooks/reads';

/** GET /api/organization/webhooks (admins): the endpoints, never their secrets. */
export const handler = defineRoute(webhookEndpoints.list, async ({ session }) => {
  requireAdmin(session);
  return ok({ webhooks: (await listWebhooks(session.org.id)).map(toWebhookResponse) });
});
