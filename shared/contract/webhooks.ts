import {
  createWebhookRequest,
  deletedWebhookResponse,
  updateWebhookRequest,
  webhookCreatedResponse,
  webhookDeliveryPageQuery,
  webhookDeliveryPageResponse,
  webhookDeliveryQueuedResponse,
  webhookListResponse,
  webhookResponse,
  webhookSecretResponse,
} from '../schemas/webhooks';
import { endpoint } from './endpoint';

// Outbound webhooks (issue 65, item 3; decision 114): the organization's endpoints, admins only. Whoever
// holds an endpoint's secret can pose as the product to its receiver, and its URL decides where the
// organization's data goes: creating, changing, deleting and rotating are security changes.

export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/webhooks',
  auth: 'required',
  response: webhookListResponse,
});
/** 201 with the signing secret, shown this once. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/webhooks',
  auth: 'required',
  stepUp: true,
  body: createWebhookRequest,
  response: webhookCreatedResponse,
});
export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/organization/webhooks/{id}',
  auth: 'required',
  stepUp: true,
  body: updateWebhookRequest,
  response: webhookResponse,
});
/** Deletes the endpoint at once: nothing more is sent to it. */
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/webhooks/{id}',
  auth: 'required',
  stepUp: true,
  response: deletedWebhookResponse,
});
/** A new signing secret, shown this once; the old one signs beside it for 24 hours. */
export const rotateSecret = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/webhooks/{id}/rotate-secret',
  auth: 'required',
  stepUp: true,
  response: webhookSecretResponse,
});
/** 202: a `webhook.test` event, sent by the webhook consumer in a moment. */
export const sendTest = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/webhooks/{id}/test',
  auth: 'required',
  response: webhookDeliveryQueuedResponse,
});
/** The endpoint's deliveries, newest first, WEBHOOK_DELIVERY_PAGE_SIZE a page. */
export const deliveries = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/webhooks/{id}/deliveries',
  auth: 'required',
  query: webhookDeliveryPageQuery,
  response: webhookDeliveryPageResponse,
});
/** 202: the delivery tried again in a moment, with the same webhook-id. */
export const retryDelivery = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/webhooks/{id}/deliveries/{deliveryId}/retry',
  auth: 'required',
  response: webhookDeliveryQueuedResponse,
});
