import * as z from 'zod/mini';
import { password } from './fields';

/** Authenticator apps show 6 digits (RFC 6238 with the usual settings: SHA-1, 30 s). */
export const TOTP_CODE = /^\d{6}$/;
export const CODE_SHAPE = 'Enter the 6-digit code from your authenticator app.';

/** Recovery codes are 10 characters of base32 in two groups of 5, e.g. 'k3f7q-mz2xa' (the dash and case are optional when typed). */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
export const RECOVERY_CODE_SHAPE = 'A recovery code has 10 letters and digits, like abcde-23456.';

/** The code a person types: spaces between the digit groups are forgiven. */
export const totpCode = /* @__PURE__ */ (() =>
  z.string(CODE_SHAPE).check(
    z.overwrite((value) => value.replace(/\s+/g, '')),
    z.regex(TOTP_CODE, CODE_SHAPE),
  ))();
const recoveryCode = /* @__PURE__ */ (() =>
  z.string(RECOVERY_CODE_SHAPE).check(
    z.overwrite((value) => value.trim().toLowerCase()),
    z.regex(RECOVERY_CODE, RECOVERY_CODE_SHAPE),
  ))();

/** POST /api/user/mfa/setup answers the secret to add to an authenticator app, as a link, as text and as a QR code (an SVG data URL). */
export const mfaSetupResponse = /* @__PURE__ */ (() =>
  z.object({ otpauthUrl: z.string(), secret: z.string(), qrCode: z.string() }))();
export type MfaSetupResponse = z.infer<typeof mfaSetupResponse>;

/** POST /api/user/mfa/enable: a code of the secret being set up proves the app has it. */
export const mfaEnableRequest = /* @__PURE__ */ (() => z.object({ code: totpCode }))();
/** The recovery codes, shown once: only their hashes are kept. */
export const mfaEnableResponse = /* @__PURE__ */ (() => z.object({ recoveryCodes: z.array(z.string()) }))();

/** POST /api/user/mfa/disable: the password and a current code. */
export const mfaDisableRequest = /* @__PURE__ */ (() =>
  z.object({ password: password(1, 'Password is required'), code: totpCode }))();
export type MfaDisableRequest = z.infer<typeof mfaDisableRequest>;

export const ONE_CODE = 'Enter the 6-digit code or a recovery code.';

/** POST /api/login/mfa, the second step of a sign-in: a code of the authenticator app, or one recovery code. */
export const loginMfaRequest = /* @__PURE__ */ (() =>
  z.object({ code: z.optional(totpCode), recoveryCode: z.optional(recoveryCode) }).check(
    z.refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
      message: ONE_CODE,
      path: ['code'],
    }),
  ))();
export type LoginMfaRequest = z.infer<typeof loginMfaRequest>;

export const SECOND_FACTORS = ['code', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * What POST /api/login answers for a correct password when the account has a second factor: no
 * session yet. `factors` is sent when a passkey is among them (docs/decisions/046); absent, the
 * authenticator app's code (or a recovery code) is the one way on, as before passkeys.
 */
export const mfaChallengeResponse = /* @__PURE__ */ (() =>
  z.object({ mfaRequired: z.literal(true), factors: z.optional(z.array(z.enum(SECOND_FACTORS))) }))();

export const WRONG_CODE = 'The code is not valid. Check your authenticator app and try again.';
export const WRONG_RECOVERY_CODE = 'This recovery code is not valid or was already used.';
export const SIGN_IN_EXPIRED = 'Your sign-in took too long. Please sign in again.';
export const WRONG_PASSWORD = 'Password is incorrect';
