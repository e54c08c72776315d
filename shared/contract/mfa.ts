import { messageResponse } from '../schemas/message';
import { mfaDisableRequest, mfaEnableRequest, mfaEnableResponse, mfaSetupResponse } from '../schemas/mfa';
import { endpoint } from './endpoint';

// The signed-in user's own two-factor sign-in: set it up, turn it on with a code, turn it off.

/** A new secret to add to an authenticator app; nothing changes until a code of it enables two-factor. Both need a fresh step-up: a stolen cookie alone cannot put an attacker's authenticator on the account. */
export const setup = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/mfa/setup',
  auth: 'required',
  beforeMfaSetup: true,
  stepUp: true,
  response: mfaSetupResponse,
});
export const enable = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/mfa/enable',
  auth: 'required',
  beforeMfaSetup: true,
  stepUp: true,
  body: mfaEnableRequest,
  response: mfaEnableResponse,
});
/** New recovery codes in place of the old ones (which stop working), shown once: the stored ones are hashes, so this is how they are 'viewed'. A security change. */
export const regenerateRecoveryCodes = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/mfa/recovery-codes',
  auth: 'required',
  stepUp: true,
  response: mfaEnableResponse,
});
export const disable = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/mfa/disable',
  auth: 'required',
  body: mfaDisableRequest,
  response: messageResponse,
});
