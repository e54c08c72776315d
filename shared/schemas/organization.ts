import * as z from 'zod/mini';
import { text } from './fields';

/** PATCH /api/organization/{id}: a new name, the two-factor requirement, whether the assistant may be used, or several. */
export const organizationRequest = /* @__PURE__ */ (() =>
  z
    .object({
      name: z.optional(text(1, 'Organization name cannot be empty', 'Organization name')),
      requireMfa: z.optional(z.boolean('Require two-factor authentication must be true or false')),
      assistantEnabled: z.optional(z.boolean('The assistant setting must be true or false')),
    })
    .check(
      z.refine((value) => value.name !== undefined || value.requireMfa !== undefined || value.assistantEnabled !== undefined, {
        message: 'Organization name cannot be empty',
        path: ['name'],
      }),
    ))();
export type OrganizationRequest = z.infer<typeof organizationRequest>;
/**
 * `membersWithoutTwoFactor`: for admins, how many members have neither the app nor a passkey (absent until counted).
 * `assistantUsage`: for admins, today's assistant generations and model tokens (UTC day) against the plan's allowance.
 */
export const organizationResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    requireMfa: z.boolean(),
    membersWithoutTwoFactor: z.optional(z.number()),
    assistantEnabled: z.boolean(),
    assistantUsage: z.optional(
      z.object({ requests: z.number(), requestsPerDay: z.number(), tokens: z.number(), tokensPerDay: z.number() }),
    ),
  }))();
export type OrganizationResponse = z.infer<typeof organizationResponse>;
