import * as z from 'zod/mini';

/** PUT /api/organization/sso/requirement: whether people at the verified domains must sign in with SSO. */
export const ssoRequirementRequest = /* @__PURE__ */ (() =>
  z.object({ requireSso: z.boolean('Choose whether single sign-on is required') }))();
export type SsoRequirementRequest = z.infer<typeof ssoRequirementRequest>;

/** PUT /api/organization/sso/password-access/{userId}: whether this admin keeps signing in with a password (break-glass). */
export const passwordAccessRequest = /* @__PURE__ */ (() =>
  z.object({ passwordAccess: z.boolean('Choose whether this admin keeps password access') }))();
export type PasswordAccessRequest = z.infer<typeof passwordAccessRequest>;

/** An admin who keeps password sign-in while single sign-on is required. */
const passwordAccessHolder = /* @__PURE__ */ (() => z.object({ id: z.string(), fullName: z.string(), username: z.string() }))();

/** The requirement, who keeps password access, and what the switch still needs before it can be turned on. */
export const ssoRequirementResponse = /* @__PURE__ */ (() =>
  z.object({
    requireSso: z.boolean(),
    /** The organization's admins, each with whether they keep password access (name order). */
    admins: z.array(z.extend(passwordAccessHolder, { passwordAccess: z.boolean() })),
    /** Why it cannot be turned on yet (no connection, no verified domain), or null when it can. */
    blockedBy: z.nullable(z.string()),
  }))();
export type SsoRequirementResponse = z.infer<typeof ssoRequirementResponse>;
