import { loginRequest, registerRequest, userResponse } from '../schemas/auth';
import { messageResponse } from '../schemas/message';
import { endpoint } from './endpoint';

/** Signing in and out, registration and the signed-in user (spec sections 2, 3 and 9). */
export const authEndpoints = {
  register: endpoint({ method: 'POST', path: '/api/register', auth: 'none', body: registerRequest, response: userResponse }),
  login: endpoint({ method: 'POST', path: '/api/login', auth: 'none', body: loginRequest, response: userResponse }),
  /** Optional session: signing out with an expired cookie still clears it. */
  logout: endpoint({ method: 'POST', path: '/api/logout', auth: 'optional', response: messageResponse }),
  currentUser: endpoint({ method: 'GET', path: '/api/user', auth: 'required', response: userResponse }),
};
