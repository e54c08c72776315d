import { messageResponse } from '../schemas/message';
import { passwordResetCheckRequest, passwordResetConfirmRequest, passwordResetRequest } from '../schemas/password-reset';
import { endpoint } from './endpoint';

// Password reset: the routes behind the link that arrives by mail.

export const request = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/password-reset/request',
  auth: 'none',
  body: passwordResetRequest,
  response: messageResponse,
});
export const confirm = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/password-reset/confirm',
  auth: 'none',
  body: passwordResetConfirmRequest,
  response: messageResponse,
});
export const check = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/password-reset/check',
  auth: 'none',
  body: passwordResetCheckRequest,
  response: messageResponse,
});
