import * as z from 'zod/mini';
import { confirmPassword, confirmationMatches, email, mailToken, newPassword } from './fields';

/** The answer to every reset request, whether or not the address has an account (no enumeration). */
export const PASSWORD_RESET_REQUESTED = 'If an account exists for that address, we have sent a link to reset the password.';
/** POST /api/password-reset/request. */
export const passwordResetRequest = /* @__PURE__ */ (() =>
  z.object({
    username: email('Please enter a valid email address'),
  }))();
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** POST /api/password-reset/confirm: the new password follows the change-password rules (spec section 5). */
export const passwordResetConfirmRequest = /* @__PURE__ */ (() =>
  z.object({
    token: mailToken(),
    newPassword: newPassword('New password must be at least 6 characters'),
  }))();

/** POST /api/password-reset/check: the reset page asks as it opens whether its link still works. */
export const passwordResetCheckRequest = /* @__PURE__ */ (() =>
  z.object({
    token: mailToken(),
  }))();

/** The reset page's form: the new password and its confirmation (the token comes from the URL). */
export const resetPasswordForm = /* @__PURE__ */ (() =>
  z
    .object({
      newPassword: newPassword('New password must be at least 6 characters'),
      confirmPassword: confirmPassword('Confirm password must be at least 6 characters'),
    })
    .check(confirmationMatches()))();
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;
