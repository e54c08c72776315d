import * as z from 'zod/mini';
import { confirmPassword, confirmationMatches, email, newPassword, password, text } from './fields';

/** The image types an avatar may be stored as; anything else (SVG above all: it can carry script) is refused. */
export type AvatarContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** The browser shrinks every picked image to fit this square before uploading it. */
export const AVATAR_MAX_PIXELS = 256;
/** The server refuses larger images, whoever sent them (the web app always sends at most 256). */
export const AVATAR_MAX_UPLOAD_PIXELS = 1024;
export const AVATAR_TOO_LARGE = 'Image is too large. Use an image up to 1024 × 1024 pixels.';
/**
 * The pixels of all an animated image's frames together, at most: four full-size frames, or 64 of
 * the web app's 256 × 256. Every viewer decodes every frame; a small file can hold a hundred full ones.
 */
export const AVATAR_MAX_DECODED_PIXELS = 4_194_304; // 4 × 1024 × 1024: a literal, as an expression would be a side effect to esbuild
export const AVATAR_TOO_MANY_FRAMES = 'Image has too many frames. Use a still image or a shorter animation.';

export const AVATAR_DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;
export const INVALID_AVATAR = 'The avatar must be a PNG, JPEG, WebP or GIF image';

/** POST /api/user/avatar: a base64 data URL of the image (the JSON body limit bounds its size). */
export const avatarRequest = /* @__PURE__ */ (() =>
  z.object({
    avatarUrl: z.string().check(z.regex(AVATAR_DATA_URL, INVALID_AVATAR)),
  }))();
/** What POST /api/user/avatar answers: the URL the image is served from. */
export const avatarResponse = /* @__PURE__ */ (() => z.object({ avatarUrl: z.string() }))();

/** PATCH /api/user/profile: only the full name; anything else a client sends is dropped. */
export const profileRequest = /* @__PURE__ */ (() =>
  z.object({
    fullName: text(2, 'Full name must be at least 2 characters.', 'Full name'),
  }))();
export type ProfileRequest = z.infer<typeof profileRequest>;

/** The profile form also shows the (read-only) email. */
export const profileForm = /* @__PURE__ */ (() =>
  z.extend(profileRequest, {
    email: email('Please enter a valid email address.'),
  }))();
export type ProfileForm = z.infer<typeof profileForm>;

/** POST /api/user/change-password. */
export const changePasswordRequest = /* @__PURE__ */ (() =>
  z.object({
    currentPassword: password(1, 'Current password is required'),
    newPassword: newPassword('New password must be at least 6 characters'),
  }))();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The change-password form adds the confirmation, which is never sent. */
export const changePasswordForm = /* @__PURE__ */ (() =>
  z
    .extend(changePasswordRequest, {
      confirmPassword: confirmPassword('Confirm password must be at least 6 characters'),
    })
    .check(confirmationMatches()))();
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
