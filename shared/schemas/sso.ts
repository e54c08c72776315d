import * as z from 'zod/mini';
import { isDomainName, normalizeDomainName } from '../domain-name';
import { ROLES } from '../roles';
import { email } from './fields';

export const INVALID_DOMAIN = 'Enter a domain name such as example.com';

/** POST /api/organization/sso/domains: the domain to claim, as typed (trimmed, lower-cased, its root dot dropped). */
export const ssoDomainRequest = /* @__PURE__ */ (() =>
  z.object({
    domain: z.string(INVALID_DOMAIN).check(z.overwrite(normalizeDomainName), z.refine(isDomainName, { message: INVALID_DOMAIN })),
  }))();
export type SsoDomainRequest = z.infer<typeof ssoDomainRequest>;

/** A domain of the organization and the TXT record that proves it owns it. */
export const ssoDomainResponse = /* @__PURE__ */ (() =>
  z.object({
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
 * PUT /api/organization/sso with OpenID Connect: the issuer, the client, and the role of people
 * created at their first sign-in (just-in-time; staff when absent). The client secret is written,
 * never read back.
 */
export const oidcConnectionRequest = /* @__PURE__ */ (() =>
  z.object({
    protocol: z.literal('oidc', 'Choose OpenID Connect'),
    issuer: z
      .string(INVALID_ISSUER)
      .check(z.trim(), z.maxLength(2000, INVALID_ISSUER), z.refine(isIssuerUrl, { message: INVALID_ISSUER })),
    clientId: z
      .string('Client ID is required')
      .check(z.trim(), z.minLength(1, 'Client ID is required'), z.maxLength(500, 'Client ID must be at most 500 characters')),
    clientSecret: z
      .string('Client secret is required')
      .check(z.minLength(1, 'Client secret is required'), z.maxLength(2000, 'Client secret must be at most 2000 characters')),
    jitRole: z.optional(z.enum(ROLES)),
  }))();
export type OidcConnectionRequest = z.infer<typeof oidcConnectionRequest>;

export const METADATA_REQUIRED = 'Paste your identity provider’s SAML metadata XML';
/** Federation metadata of the larger IdPs (Entra ID's included) is well under this. */
export const SAML_METADATA_MAX_LENGTH = 200_000;

/** PUT /api/organization/sso with SAML 2.0: the identity provider's metadata as it publishes it, read by the server. */
export const samlConnectionRequest = /* @__PURE__ */ (() =>
  z.object({
    protocol: z.literal('saml', 'Choose SAML'),
    metadataXml: z
      .string(METADATA_REQUIRED)
      .check(
        z.trim(),
        z.minLength(1, METADATA_REQUIRED),
        z.maxLength(SAML_METADATA_MAX_LENGTH, 'The metadata must be at most 200,000 characters'),
      ),
    jitRole: z.optional(z.enum(ROLES)),
  }))();
export type SamlConnectionRequest = z.infer<typeof samlConnectionRequest>;

/** PUT /api/organization/sso: one connection per organization; `protocol` says which. */
export const ssoConnectionRequest = /* @__PURE__ */ (() =>
  z.discriminatedUnion('protocol', [oidcConnectionRequest, samlConnectionRequest]))();
export type SsoConnectionRequest = z.infer<typeof ssoConnectionRequest>;

/** A signing certificate of the identity provider, as the settings show it. */
const samlCertificateSummary = /* @__PURE__ */ (() =>
  z.object({ subject: z.string(), fingerprintSha256: z.string(), expiresAt: z.string() }))();

/** GET and PUT /api/organization/sso: the connection without its secret, and what the identity provider needs from us. */
export const ssoSettingsResponse = /* @__PURE__ */ (() =>
  z.object({
    connection: z.nullable(
      z.discriminatedUnion('protocol', [
        z.object({
          protocol: z.literal('oidc'),
          issuer: z.string(),
          clientId: z.string(),
          jitRole: z.enum(ROLES),
          updatedAt: z.string(),
        }),
        z.object({
          protocol: z.literal('saml'),
          idpEntityId: z.string(),
          ssoUrl: z.string(),
          certificates: z.array(samlCertificateSummary),
          jitRole: z.enum(ROLES),
          updatedAt: z.string(),
        }),
      ]),
    ),
    /** The sign-in redirect URI to register at the identity provider (OpenID Connect). */
    redirectUri: z.string(),
    /** What a SAML identity provider needs from us: where it posts, who we are, and both as metadata to upload. */
    saml: z.object({ acsUrl: z.string(), entityId: z.string(), metadataXml: z.string() }),
  }))();
export type SsoSettingsResponse = z.infer<typeof ssoSettingsResponse>;

/** POST /api/sso/start: the work email whose domain names the organization. */
export const ssoStartRequest = /* @__PURE__ */ (() =>
  z.object({
    email: email('Enter your work email'),
    /** The page the person was going to (/auth?next=…): landed on after the callback when it is one of this site's own (shared/return-path.ts). */
    returnTo: z.optional(z.string().check(z.maxLength(2000))),
  }))();
export type SsoStartRequest = z.infer<typeof ssoStartRequest>;

/** Where the browser goes next: the organization's identity provider. */
export const ssoStartResponse = /* @__PURE__ */ (() => z.object({ redirectUrl: z.string() }))();

/** GET /api/sso/oidc/callback: what the identity provider sends back (an error instead of a code when the person cancelled). */
export const oidcCallbackQuery = /* @__PURE__ */ (() =>
  z.object({
    code: z.optional(z.string().check(z.maxLength(4096))),
    state: z.optional(z.string().check(z.maxLength(512))),
    iss: z.optional(z.string().check(z.maxLength(2000))),
    error: z.optional(z.string().check(z.maxLength(200))),
    error_description: z.optional(z.string().check(z.maxLength(2000))),
  }))();

/**
 * What an admin's 'Test connection' sign-in brought back (GET /api/organization/sso/test-result):
 * the claims the identity provider sent, or why the answer was refused. Nobody is signed in by it.
 */
export const ssoTestResultResponse = /* @__PURE__ */ (() =>
  z.object({
    outcome: z.enum(['passed', 'refused']),
    protocol: z.enum(['oidc', 'saml']),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    /** The OIDC subject or the SAML NameID. */
    subject: z.nullable(z.string()),
    /** Whether the email's domain is verified by this organization: people outside one cannot sign in. */
    domainVerified: z.boolean(),
    /** Why the answer was refused, in plain words (refused only). */
    reason: z.nullable(z.string()),
  }))();
export type SsoTestResultResponse = z.infer<typeof ssoTestResultResponse>;
