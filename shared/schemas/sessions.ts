import * as z from 'zod/mini';
import { password } from './fields';
import { totpCode } from './mfa';

/** A signed-in session of the caller, as the Sessions section lists it. */
const sessionResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    /** Browser and system read from the user agent at sign-in, e.g. 'Chrome 131 on Linux'. */
    device: z.string(),
    /** ISO-8601: when the session was signed in. */
    createdAt: z.string(),
    /** ISO-8601, approximate: the last use is recorded at most every 5 minutes, and background polls do not count. */
    lastUsedAt: z.string(),
    /** The session of the request itself (this browser). */
    current: z.boolean(),
  }))();
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/user/sessions. */
export const sessionListResponse = /* @__PURE__ */ (() => z.array(sessionResponse))();
/** DELETE /api/user/sessions/{id}: the id of the session ended. */
export const endedSessionResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();
/** POST /api/user/sessions/revoke-others: how many sessions were ended. */
export const revokedSessionsResponse = /* @__PURE__ */ (() => z.object({ count: z.number() }))();

export const PASSWORD_OR_CODE = 'Enter your password or a code from your authenticator app.';

/** POST /api/user/step-up: the current password, or a current code of the authenticator app (one of them). */
export const stepUpRequest = /* @__PURE__ */ (() =>
  z
    .object({
      password: z.optional(password(1, 'Password is required')),
      code: z.optional(totpCode),
    })
    .check(
      z.refine((value) => (value.password === undefined) !== (value.code === undefined), {
        message: PASSWORD_OR_CODE,
        path: ['password'],
      }),
    ))();
export type StepUpRequest = z.infer<typeof stepUpRequest>;

/** The 'Confirm it's you' dialog: the password (the API also takes a code, {code}). */
export const stepUpPasswordForm = /* @__PURE__ */ (() => z.object({ password: password(1, 'Password is required') }))();
export type StepUpPasswordForm = z.infer<typeof stepUpPasswordForm>;
