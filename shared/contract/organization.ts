import * as z from 'zod/mini';
import {
  managedUserResponse,
  organizationRequest,
  organizationResponse,
  organizationUserRequest,
  organizationUserResponse,
  removedUserResponse,
} from '../schemas/account';
import { endpoint } from './endpoint';

/** Admins managing their organization and its users (spec section 6). */
export const organizationEndpoints = {
  update: endpoint({ method: 'PATCH', path: '/api/organization/{id}', auth: 'required', body: organizationRequest, response: organizationResponse }),
  users: endpoint({ method: 'GET', path: '/api/organization/users', auth: 'required', response: z.array(managedUserResponse) }),
  /** Creates a user (201) or updates the organization's user with that email (200). */
  saveUser: endpoint({
    method: 'POST',
    path: '/api/organization/users',
    auth: 'required',
    body: organizationUserRequest,
    response: organizationUserResponse,
  }),
  removeUser: endpoint({ method: 'DELETE', path: '/api/organization/users/{userId}', auth: 'required', response: removedUserResponse }),
  /** An admin resets another user's two-factor sign-in: off, their sessions ended, set up again at next sign-in. */
  resetUserMfa: endpoint({ method: 'DELETE', path: '/api/organization/users/{userId}/mfa', auth: 'required', response: removedUserResponse }),
};
