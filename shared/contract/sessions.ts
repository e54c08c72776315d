import * as z from 'zod/mini';
import { sessionResponse } from '../schemas/sessions';
import { endpoint } from './endpoint';

/** The caller's own signed-in sessions: see them and end them. */
export const sessionEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/user/sessions', auth: 'required', response: z.array(sessionResponse) }),
  remove: endpoint({ method: 'DELETE', path: '/api/user/sessions/{id}', auth: 'required', response: z.object({ id: z.string() }) }),
  revokeOthers: endpoint({ method: 'POST', path: '/api/user/sessions/revoke-others', auth: 'required', response: z.object({ count: z.number() }) }),
};
