import { userResponse } from '../schemas/auth';
import {
  addPasskeyRequest,
  addedPasskeyResponse,
  passkeyCreationOptionsResponse,
  passkeyListResponse,
  passkeyRequestOptionsResponse,
  passkeySignInRequest,
  removedPasskeyResponse,
} from '../schemas/passkeys';
import { endpoint } from './endpoint';

// Passkeys (WebAuthn, docs/decisions/046): the caller's own, and signing in with one.

/**
 * Creation options for a new passkey of the caller (a challenge stored server-side, single use, 5
 * minutes). A security change (step-up); open before a required two-factor setup, since a passkey is a factor.
 */
export const registrationOptions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/passkeys/options',
  auth: 'required',
  beforeMfaSetup: true,
  stepUp: true,
  response: passkeyCreationOptionsResponse,
});
/** The authenticator's answer to those options and a name: 201 with the passkey; a mail and an audit entry. */
export const add = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/passkeys',
  auth: 'required',
  beforeMfaSetup: true,
  stepUp: true,
  body: addPasskeyRequest,
  response: addedPasskeyResponse,
});
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/user/passkeys',
  auth: 'required',
  beforeMfaSetup: true,
  response: passkeyListResponse,
});
/** Removes one of the caller's passkeys: a mail and an audit entry. */
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/user/passkeys/{id}',
  auth: 'required',
  stepUp: true,
  response: removedPasskeyResponse,
});
/** Request options for a passwordless sign-in (discoverable credentials: no account named). */
export const signInOptions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/passkey/options',
  auth: 'none',
  response: passkeyRequestOptionsResponse,
});
/** A passkey's answer: the user, signed in (a passkey with user verification counts as both factors). */
export const signIn = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/passkey',
  auth: 'none',
  body: passkeySignInRequest,
  response: userResponse,
});
/** Request options for the second step of a sign-in, with the pending cookie of the password step: the account's passkeys. */
export const secondFactorOptions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/mfa/passkey/options',
  auth: 'none',
  response: passkeyRequestOptionsResponse,
});
/** The second step of a sign-in by passkey, with the pending cookie of the password step. */
export const secondFactor = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/mfa/passkey',
  auth: 'none',
  body: passkeySignInRequest,
  response: userResponse,
});
/**
 * Request options for a step-up by passkey (docs/decisions/056): the caller's own passkeys, the
 * challenge bound to this session. Open before a required setup, as the password step-up is.
 */
export const stepUpOptions = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/step-up/passkey/options',
  auth: 'required',
  beforeMfaSetup: true,
  response: passkeyRequestOptionsResponse,
});
/** A passkey's answer to those options: 204, and for the next 5 minutes this session may make security changes. */
export const stepUp = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/step-up/passkey',
  auth: 'required',
  beforeMfaSetup: true,
  body: passkeySignInRequest,
});
