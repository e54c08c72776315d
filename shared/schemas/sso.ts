import * as z from 'zod/mini';
import { isDomainName, normalizeDomainName } from '../domain-name';
import { ROLES } from '../roles';
import { email } from './fields';

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

export const INVALID_ISSUER = 'Enter the issuer URL your identity provider shows, e.g. https://example.okta.com';

/** An http(s) URL without credentials (an issuer, whose discovery document the server reads). */
const isIssuerUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
};

/**
 * PUT /api/organization/sso: the organization's OpenID Connect connection and the role of people
 * created at their first sign-in (just-in-time; staff when absent). The client secret is written,
 * never read back.
 */
export const ssoConnectionRequest = /* @__PURE__ */ (() => z.object({
  protocol: z.literal('oidc', 'Choose OpenID Connect'),
  issuer: z.string(INVALID_ISSUER).check(z.trim(), z.maxLength(2000, INVALID_ISSUER), z.refine(isIssuerUrl, { message: INVALID_ISSUER })),
  clientId: z.string('Client ID is required').check(z.trim(), z.minLength(1, 'Client ID is required'), z.maxLength(500, 'Client ID must be at most 500 characters')),
  clientSecret: z.string('Client secret is required').check(z.minLength(1, 'Client secret is required'), z.maxLength(2000, 'Client secret must be at most 2000 characters')),
  jitRole: z.optional(z.enum(ROLES)),
}))();
export type SsoConnectionRequest = z.infer<typeof ssoConnectionRequest>;

/** GET and PUT /api/organization/sso: the connection without its secret, and what the identity provider needs from us. */
export const ssoSettingsResponse = /* @__PURE__ */ (() => z.object({
  connection: z.nullable(z.object({ protocol: z.literal('oidc'), issuer: z.string(), clientId: z.string(), jitRole: z.enum(ROLES), updatedAt: z.string() })),
  /** The sign-in redirect URI to register at the identity provider. */
  redirectUri: z.string(),
}))();
export type SsoSettingsResponse = z.infer<typeof ssoSettingsResponse>;

/** POST /api/sso/start: the work email whose domain names the organization. */
export const ssoStartRequest = /* @__PURE__ */ (() => z.object({
  email: email('Enter your work email'),
  /** The page the person was going to (/auth?next=…): landed on after the callback when it is one of this site's own (shared/return-path.ts). */
  returnTo: z.optional(z.string().check(z.maxLength(2000))),
}))();
export type SsoStartRequest = z.infer<typeof ssoStartRequest>;

/** Where the browser goes next: the organization's identity provider. */
export const ssoStartResponse = /* @__PURE__ */ (() => z.object({ redirectUrl: z.string() }))();

/** GET /api/sso/oidc/callback: what the identity provider sends back (an error instead of a code when the person cancelled). */
export const oidcCallbackQuery = /* @__PURE__ */ (() => z.object({
  code: z.optional(z.string().check(z.maxLength(4096))),
  state: z.optional(z.string().check(z.maxLength(512))),
  iss: z.optional(z.string().check(z.maxLength(2000))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(2000))),
}))();
