// The signed unsubscribe link of reminder and digest mails (docs/decisions/055): the token alone names the person and the list.
import { mailSubscriptionResponse, resubscribeRequest, unsubscribeQuery } from '../schemas/mail-subscriptions';
import { endpoint } from './endpoint';

/**
 * The List-Unsubscribe target: a mail provider's one-click POST (RFC 8058, a form body) or the
 * unsubscribe page. The signature is the authentication, so the body is not read.
 */
export const unsubscribe = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/mail-subscriptions/unsubscribe',
  auth: 'none',
  rawBody: true,
  query: unsubscribeQuery,
  response: mailSubscriptionResponse,
});
/** 'Turn them back on' on the unsubscribe page. */
export const resubscribe = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/mail-subscriptions/resubscribe',
  auth: 'none',
  body: resubscribeRequest,
  response: mailSubscriptionResponse,
});
