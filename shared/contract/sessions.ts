import { endedSessionResponse, revokedSessionsResponse, sessionListResponse } from '../schemas/sessions';
import { endpoint } from './endpoint';

// The caller's own signed-in sessions: see them and end them.

export const list = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/user/sessions', auth: 'required', response: sessionListResponse });
export const remove = /* @__PURE__ */ endpoint({ method: 'DELETE', path: '/api/user/sessions/{id}', auth: 'required', response: endedSessionResponse });
export const revokeOthers = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/user/sessions/revoke-others', auth: 'required', response: revokedSessionsResponse });
