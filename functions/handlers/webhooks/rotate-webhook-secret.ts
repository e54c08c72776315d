import * as webhookEndpoints from '../../../shared/contract/webhooks';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { preloadWebhook } from '../../webhooks/reads';
import { rotateWebhookSecret } from '../../webhooks/writes';

/** POST …/rotate-secret (admins, stepped up): the new secret, shown this once; the old one signs beside it for 24 hours. */
export const handler = defineRoute(webhookEndpoints.rotateSecret, { preload: preloadWebhook }, async (request) => {
  requireAdmin(request.session);
  const { item, secret } = await rotateWebhookSecret(writeContext(request.session.user, request), request.preloaded);
  return ok({ id: item.id, secret, previousSecretExpiresAt: new Date(item.previousSecretExpiresAt!).toISOString() });
});
