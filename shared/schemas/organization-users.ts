import * as z from 'zod/mini';
import { USER_PASSWORD_MESSAGE } from '../messages';
import { ROLES } from '../roles';
import { email, newPassword, pageCursor, pageLimit, searchText, sortOrder, text } from './fields';

const userFields = /* @__PURE__ */ (() => ({
  username: email('Please enter a valid email address'),
  fullName: text(2, 'Full name must be at least 2 characters', 'Full name'),
  role: z.enum(ROLES, 'Role must be either admin or staff'),
}))();

/**
 * POST /api/organization/users: creates a user, or updates the caller's organization's user with
 * that email. The password is required to create and optional to update (absent keeps the current one).
 */
export const organizationUserRequest = /* @__PURE__ */ (() =>
  z.object({
    ...userFields,
    password: z.optional(newPassword(USER_PASSWORD_MESSAGE)),
  }))();
export type OrganizationUserRequest = z.infer<typeof organizationUserRequest>;

/** The Add User dialog: a new user needs a password. */
export const addUserForm = /* @__PURE__ */ (() => z.object({ ...userFields, password: newPassword(USER_PASSWORD_MESSAGE) }))();

/** The Edit User dialog: a blank password keeps the current one; a typed one must be valid. */
export const editUserForm = /* @__PURE__ */ (() =>
  z.object({
    ...userFields,
    password: z.union([z.literal(''), newPassword(USER_PASSWORD_MESSAGE)], USER_PASSWORD_MESSAGE),
  }))();
export type UserDialogForm = z.infer<typeof addUserForm>;

/**
 * A user of the caller's organization: an entry of GET /api/organization/users (and what POST
 * /api/organization/users answers), and of GET /api/organization-users (the member pickers).
 */
export const organizationUserResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string(),
    avatarUrl: z.nullable(z.string()),
    currentRole: z.object({ role: z.enum(ROLES) }),
  }))();
export type OrganizationUserResponse = z.infer<typeof organizationUserResponse>;

/** An entry of GET /api/organization/users (admins): the user and whether their two-factor sign-in is on. */
const managedUserResponse = /* @__PURE__ */ (() => z.extend(organizationUserResponse, { mfaEnabled: z.boolean() }))();
export type ManagedUserResponse = z.infer<typeof managedUserResponse>;

/** The removal of a user answers its id. */
export const removedUserResponse = /* @__PURE__ */ (() => z.object({ id: z.string(), message: z.string() }))();

/** GET /api/organization-users: a page of the organization's users, for the member pickers. */
export const organizationUsersResponse = /* @__PURE__ */ (() => z.array(organizationUserResponse))();
/** GET /api/organization/users: a page of the users admins manage. */
export const managedUsersResponse = /* @__PURE__ */ (() => z.array(managedUserResponse))();

export const USER_PAGE_DEFAULT = 100;
export const USER_PAGE_MAX = 200;
export const USER_SORTS = ['createdAt', 'name', 'email', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SEARCH_MAX = 100;

/**
 * GET /api/organization/users and /api/organization-users?limit=&cursor=&sort=&order=&role=&q=
 * (docs/decisions/031): a page of the organization's users, oldest first unless sorted; `q` finds
 * names and emails, `role` one role. A `Link: <…>; rel="next"` header names the next page.
 */
export const userListQuery = /* @__PURE__ */ (() =>
  z.object({
    limit: pageLimit(USER_PAGE_MAX),
    cursor: pageCursor(),
    sort: z.optional(z.enum(USER_SORTS, { error: () => `sort must be one of ${USER_SORTS.join(', ')}` })),
    order: sortOrder(),
    role: z.optional(z.enum(ROLES, { error: () => `role must be one of ${ROLES.join(', ')}` })),
    q: searchText(USER_SEARCH_MAX),
  }))();
export type UserListQuery = z.infer<typeof userListQuery>;
