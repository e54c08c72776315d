import * as z from 'zod/mini';
import { isDomainName, normalizeDomainName } from '../domain-name';

export const INVALID_DOMAIN = 'Enter a domain name such as example.com';

/** POST /api/organization/sso/domains: the domain to claim, as typed (trimmed, lower-cased, its root dot dropped). */
export const ssoDomainRequest = /* @__PURE__ */ (() => z.object({
  domain: z.string(INVALID_DOMAIN).check(z.overwrite(normalizeDomainName), z.refine(isDomainName, { message: INVALID_DOMAIN })),
}))();
export type SsoDomainRequest = z.infer<typeof ssoDomainRequest>;

/** A domain of the organization and the TXT record that proves it owns it. */
export const ssoDomainResponse = /* @__PURE__ */ (() => z.object({
  domain: z.string(),
  verified: z.boolean(),
  /** Where the TXT record goes: `_growthwise-verification.<domain>`. */
  txtName: z.string(),
  /** What it must hold. */
  txtValue: z.string(),
  /** ISO-8601. */
  createdAt: z.string(),
  /** ISO-8601, once verified. */
  verifiedAt: z.nullable(z.string()),
}))();
export type SsoDomainResponse = z.infer<typeof ssoDomainResponse>;

/** GET /api/organization/sso/domains: every domain of the organization, in name order. */
export const ssoDomainListResponse = /* @__PURE__ */ (() => z.array(ssoDomainResponse))();
