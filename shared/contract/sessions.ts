import { endedSessionResponse, revokedSessionsResponse, sessionListResponse, stepUpRequest } from '../schemas/sessions';
import { endpoint } from './endpoint';

// The caller's own signed-in sessions: see them and end them.

export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/user/sessions',
  auth: 'required',
  response: sessionListResponse,
});
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/user/sessions/{id}',
  auth: 'required',
  response: endedSessionResponse,
});
export const revokeOthers = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/sessions/revoke-others',
  auth: 'required',
  stepUp: true,
  response: revokedSessionsResponse,
});
/**
 * Confirms it is the user on this session (the password, or a two-factor code): for the next
 * STEP_UP_WINDOW_MS the session may make security changes (Endpoint.stepUp). 204. Open before a
 * required setup, which itself needs it.
 */
export const stepUp = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/user/step-up',
  auth: 'required',
  beforeMfaSetup: true,
  body: stepUpRequest,
});
