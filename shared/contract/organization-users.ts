import {
  managedUsersResponse,
  organizationUserRequest,
  organizationUserResponse,
  organizationUsersResponse,
  removedUserResponse,
  userListQuery,
} from '../schemas/organization-users';
import { endpoint } from './endpoint';

// Admins managing their organization's users (spec section 6).

/**
 * One page of the organization's users (oldest first unless sorted). Headers: `Link: <…>;
 * rel="next"` while there is more, `X-Total-Count` when the organization's counts tell it.
 */
export const users = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/users',
  auth: 'required',
  query: userListQuery,
  response: managedUsersResponse,
});
/**
 * Creates a user (201) or updates the organization's user with that email (200). Idempotent: a
 * retried submit with its Idempotency-Key answers the first result; the password is left out of
 * the body the key is compared with (no hash of it is stored), so only a change of the other fields
 * with the same key is 422.
 */
export const saveUser = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/users',
  auth: 'required',
  idempotent: true,
  body: organizationUserRequest,
  response: organizationUserResponse,
});
export const removeUser = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/users/{userId}',
  auth: 'required',
  response: removedUserResponse,
});
/** An admin resets another user's two-factor sign-in: off, their sessions ended, set up again at next sign-in. */
export const resetUserMfa = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/users/{userId}/mfa',
  auth: 'required',
  response: removedUserResponse,
});

// Every member: the people of the organization that pickers (project members, mentions) offer.

/** The people a project's member pickers offer: a page of the organization's users, paged and searched as GET /api/organization/users. */
export const people = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization-users',
  auth: 'required',
  query: userListQuery,
  response: organizationUsersResponse,
  apiKeyScope: 'people:read',
});
