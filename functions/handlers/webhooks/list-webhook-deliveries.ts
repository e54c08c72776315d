import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { WEBHOOK_NOT_FOUND } from '../../webhooks/messages';
import { listDeliveries, preloadWebhook } from '../../webhooks/reads';

/** Two calls: the endpoint (it must be the organization's) with the session, then one Query of a page of its deliveries. */
export const handler = defineRoute(
  webhookEndpoints.deliveries,
  { preload: preloadWebhook },
  async ({ session, params, query, preloaded }) => {
    requireAdmin(session);
    if (!preloaded) throw new NotFound(WEBHOOK_NOT_FOUND);
    return ok(await listDeliveries(session.org.id, params.id, query.cursor));
  },
);
