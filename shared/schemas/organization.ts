import * as z from 'zod/mini';
import { text } from './fields';

/** PATCH /api/organization/{id}: a new name, the two-factor requirement, or both. */
export const organizationRequest = /* @__PURE__ */ (() =>
  z
    .object({
      name: z.optional(text(1, 'Organization name cannot be empty', 'Organization name')),
      requireMfa: z.optional(z.boolean('Require two-factor authentication must be true or false')),
    })
    .check(
      z.refine((value) => value.name !== undefined || value.requireMfa !== undefined, {
        message: 'Organization name cannot be empty',
        path: ['name'],
      }),
    ))();
export type OrganizationRequest = z.infer<typeof organizationRequest>;
/** `membersWithoutTwoFactor`: for admins, how many members have neither the app nor a passkey (absent until counted). */
export const organizationResponse = /* @__PURE__ */ (() =>
  z.object({ id: z.string(), name: z.string(), requireMfa: z.boolean(), membersWithoutTwoFactor: z.optional(z.number()) }))();
export type OrganizationResponse = z.infer<typeof organizationResponse>;
