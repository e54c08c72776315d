// Email verification: the routes behind the link that arrives by mail.
import { emailVerificationConfirmRequest } from '../schemas/email-verification';
import { messageResponse } from '../schemas/message';
import { endpoint } from './endpoint';

/** A new link for the signed-in user (throttled). */
export const resend = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/email-verification/resend',
  auth: 'required',
  response: messageResponse,
});
/** Works signed in or out: the token alone says whose address it verifies. */
export const confirm = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/email-verification/confirm',
  auth: 'none',
  body: emailVerificationConfirmRequest,
  response: messageResponse,
});
