import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { email, newPassword, password, text } from './fields';
import { mfaChallengeResponse } from './mfa';
import { organizationResponse } from './organization';

/** POST /api/login. rememberMe lives only in the form and is never sent (spec section 3). */
export const loginRequest = /* @__PURE__ */ (() =>
  z.object({
    username: email('Please enter a valid email address'),
    password: password(1, 'Password is required'),
  }))();
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /api/register: plan and billingCycle are fixed by the spec (section 9). */
export const registerRequest = /* @__PURE__ */ (() =>
  z.object({
    fullName: text(1, 'Full name is required', 'Full name'),
    organizationName: text(1, 'Organization name is required', 'Organization name'),
    username: email('Please enter a valid email address'),
    password: newPassword('Password must be at least 6 characters long'),
    plan: z.optional(z.literal('professional')),
    billingCycle: z.optional(z.literal('monthly')),
  }))();
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The register form adds the terms checkbox, which is never sent. */
export const registerForm = /* @__PURE__ */ (() =>
  z.extend(registerRequest, {
    acceptTerms: z
      .boolean()
      .check(z.refine((value) => value === true, { message: 'You must agree to the terms and conditions' })),
  }))();
export type RegisterForm = z.infer<typeof registerForm>;

const roleSchema = /* @__PURE__ */ (() => z.enum(ROLES))();

/** The signed-in user as GET /api/user, POST /api/login and POST /api/register answer it. */
export const userResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string(),
    avatarUrl: z.nullable(z.string()),
    /** False until the user follows the link of the verification mail. */
    emailVerified: z.boolean(),
    /** Two-factor sign-in is on for this user. */
    mfaEnabled: z.boolean(),
    /** The organization requires two-factor and this user has not set it up: every screen but setup waits for it. */
    mfaSetupRequired: z.boolean(),
    roles: z.array(
      z.object({
        role: roleSchema,
        organization: organizationResponse,
      }),
    ),
  }))();
export type UserResponse = z.infer<typeof userResponse>;

/**
 * What POST /api/login answers when the sign-in needs more proof (docs/decisions/040): a code was
 * mailed if the password was right. The same for a wrong password, so it tells nothing.
 */
export const emailCodeChallengeResponse = /* @__PURE__ */ (() => z.object({ emailCodeRequired: z.literal(true) }))();

/** POST /api/login: the user, signed in; or, for an account with two-factor on, the challenge; or the emailed code's. */
export const loginResponse = /* @__PURE__ */ (() => z.union([userResponse, mfaChallengeResponse, emailCodeChallengeResponse]))();

/** POST /api/login/code: the user, signed in; or, for an account with two-factor on, its challenge next. */
export const loginCodeResponse = /* @__PURE__ */ (() => z.union([userResponse, mfaChallengeResponse]))();

/** The emailed sign-in code: 6 digits, spaces forgiven. */
export const SIGN_IN_CODE = /^\d{6}$/;
export const SIGN_IN_CODE_SHAPE = 'Enter the 6-digit code from the email.';
export const WRONG_SIGN_IN_CODE = 'The code is not valid. Check the email and try again.';
export const SIGN_IN_CODE_EXPIRED = 'This code has expired or was tried too often. Please sign in again.';

/** POST /api/login/code. */
export const loginCodeRequest = /* @__PURE__ */ (() =>
  z.object({
    code: z.string(SIGN_IN_CODE_SHAPE).check(
      z.overwrite((value) => value.replace(/\s+/g, '')),
      z.regex(SIGN_IN_CODE, SIGN_IN_CODE_SHAPE),
    ),
  }))();
export type LoginCodeRequest = z.infer<typeof loginCodeRequest>;
