import * as z from 'zod/mini';
import { USER_PASSWORD_MESSAGE } from '../messages';
import { ROLES } from '../roles';
import { email, newPassword, password, text } from './fields';

/** The image types an avatar may be stored as; anything else (SVG above all: it can carry script) is refused. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

/** The browser shrinks every picked image to fit this square before uploading it. */
export const AVATAR_MAX_PIXELS = 256;
/** The server refuses larger images, whoever sent them (the web app always sends at most 256). */
export const AVATAR_MAX_UPLOAD_PIXELS = 1024;
export const AVATAR_TOO_LARGE = 'Image is too large. Use an image up to 1024 × 1024 pixels.';

export const AVATAR_DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;
export const INVALID_AVATAR = 'The avatar must be a PNG, JPEG, WebP or GIF image';

/** POST /api/user/avatar: a base64 data URL of the image (the JSON body limit bounds its size). */
export const avatarRequest = /* @__PURE__ */ (() => z.object({
  avatarUrl: z.string().check(z.regex(AVATAR_DATA_URL, INVALID_AVATAR)),
}))();
export type AvatarRequest = z.infer<typeof avatarRequest>;
/** What POST /api/user/avatar answers: the URL the image is served from. */
export const avatarResponse = /* @__PURE__ */ (() => z.object({ avatarUrl: z.string() }))();

/** PATCH /api/user/profile: only the full name; anything else a client sends is dropped. */
export const profileRequest = /* @__PURE__ */ (() => z.object({
  fullName: text(2, 'Full name must be at least 2 characters.', 'Full name'),
}))();
export type ProfileRequest = z.infer<typeof profileRequest>;

/** The profile form also shows the (read-only) email. */
export const profileForm = /* @__PURE__ */ (() => z.extend(profileRequest, {
  email: email('Please enter a valid email address.'),
}))();
export type ProfileForm = z.infer<typeof profileForm>;

/** POST /api/user/change-password. */
export const changePasswordRequest = /* @__PURE__ */ (() => z.object({
  currentPassword: password(1, 'Current password is required'),
  newPassword: newPassword(6, 'New password must be at least 6 characters'),
}))();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The change-password form adds the confirmation, which is never sent. */
export const changePasswordForm = /* @__PURE__ */ (() => z
  .extend(changePasswordRequest, {
    confirmPassword: password(6, 'Confirm password must be at least 6 characters'),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  ))();
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** PATCH /api/organization/{id}: a new name, the two-factor requirement, or both. */
export const organizationRequest = /* @__PURE__ */ (() => z
  .object({
    name: z.optional(text(1, 'Organization name cannot be empty', 'Organization name')),
    requireMfa: z.optional(z.boolean('Require two-factor authentication must be true or false')),
  })
  .check(z.refine((value) => value.name !== undefined || value.requireMfa !== undefined, { message: 'Organization name cannot be empty', path: ['name'] })))();
export type OrganizationRequest = z.infer<typeof organizationRequest>;
export const organizationResponse = /* @__PURE__ */ (() => z.object({ id: z.string(), name: z.string(), requireMfa: z.boolean() }))();

const userFields = /* @__PURE__ */ (() => ({
  username: email('Please enter a valid email address'),
  fullName: text(2, 'Full name must be at least 2 characters', 'Full name'),
  role: z.enum(ROLES, 'Role must be either admin or staff'),
}))();

/**
 * POST /api/organization/users: creates a user, or updates the caller's organization's user with
 * that email. The password is required to create and optional to update (absent keeps the current one).
 */
export const organizationUserRequest = /* @__PURE__ */ (() => z.object({
  ...userFields,
  password: z.optional(newPassword(6, USER_PASSWORD_MESSAGE)),
}))();
export type OrganizationUserRequest = z.infer<typeof organizationUserRequest>;

/** The Add User dialog: a new user needs a password. */
export const addUserForm = /* @__PURE__ */ (() => z.object({ ...userFields, password: newPassword(6, USER_PASSWORD_MESSAGE) }))();

/** The Edit User dialog: a blank password keeps the current one; a typed one must be valid. */
export const editUserForm = /* @__PURE__ */ (() => z.object({
  ...userFields,
  password: z.union([z.literal(''), newPassword(6, USER_PASSWORD_MESSAGE)], USER_PASSWORD_MESSAGE),
}))();
export type UserDialogForm = z.infer<typeof addUserForm>;

/**
 * A user of the caller's organization: an entry of GET /api/organization/users (and what POST
 * /api/organization/users answers), and of GET /api/organization-users (the member pickers).
 */
export const organizationUserResponse = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.nullable(z.string()),
  currentRole: z.object({ role: z.enum(ROLES) }),
}))();
export type OrganizationUserResponse = z.infer<typeof organizationUserResponse>;

/** An entry of GET /api/organization/users (admins): the user and whether their two-factor sign-in is on. */
export const managedUserResponse = /* @__PURE__ */ (() => z.extend(organizationUserResponse, { mfaEnabled: z.boolean() }))();
export type ManagedUserResponse = z.infer<typeof managedUserResponse>;

/** The removal of a user answers its id. */
export const removedUserResponse = /* @__PURE__ */ (() => z.object({ id: z.string(), message: z.string() }))();

/** GET /api/organization-users: every user of the organization, for the member pickers. */
export const organizationUsersResponse = /* @__PURE__ */ (() => z.array(organizationUserResponse))();
/** GET /api/organization/users: the users admins manage. */
export const managedUsersResponse = /* @__PURE__ */ (() => z.array(managedUserResponse))();
