import {
  oidcCallbackQuery,
  ssoConnectionRequest,
  ssoDomainListResponse,
  ssoDomainRequest,
  ssoDomainResponse,
  ssoSettingsResponse,
  ssoStartRequest,
  ssoStartResponse,
  ssoTestResultResponse,
} from '../schemas/sso';
import { endpoint } from './endpoint';

// Enterprise sign-in (issue 40): the organization's verified domains (admins; the organization comes from the session).

export const listDomains = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/sso/domains',
  auth: 'required',
  response: ssoDomainListResponse,
});
/** 201 with the TXT record to publish. A security change: it decides, once verified, whose sign-in the organization governs. */
export const addDomain = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/sso/domains',
  auth: 'required',
  stepUp: true,
  body: ssoDomainRequest,
  response: ssoDomainResponse,
});
/** Looks the TXT record up: the domain verified, or 400 saying what was found. */
export const verifyDomain = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/sso/domains/{domain}/verify',
  auth: 'required',
  response: ssoDomainResponse,
});
export const removeDomain = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/sso/domains/{domain}',
  auth: 'required',
  stepUp: true,
  response: ssoDomainResponse,
});

/** The connection (without its secret) and what the identity provider needs from us (admins). */
export const settings = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/sso',
  auth: 'required',
  response: ssoSettingsResponse,
});
/** Saves the connection once its issuer's discovery document was read. A security change. */
export const saveConnection = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/organization/sso',
  auth: 'required',
  stepUp: true,
  body: ssoConnectionRequest,
  response: ssoSettingsResponse,
});
/**
 * 'Test connection' (admins, stepped up like the save): a sign-in at the identity provider, opened
 * in a popup, that signs nobody in and reports the claims received (docs/decisions/044).
 */
export const testConnection = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/sso/test',
  auth: 'required',
  stepUp: true,
  response: ssoStartResponse,
});
/** The last test's result, for the session that started it only (404 when there is none). */
export const testResult = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/sso/test-result',
  auth: 'required',
  response: ssoTestResultResponse,
});
/** Public: where a work email signs in. An email at no verified domain with a connection gets one same refusal. */
export const start = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/sso/start',
  auth: 'none',
  body: ssoStartRequest,
  response: ssoStartResponse,
});
/** Public: the identity provider's redirect back; answers a redirect to the app (signed in) or to /auth (refused). */
export const oidcCallback = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/sso/oidc/callback',
  auth: 'none',
  query: oidcCallbackQuery,
});
/**
 * Public: a SAML identity provider's HTTP-POST of its signed response (a form body: SAMLResponse,
 * RelayState), cross-site by design; answers a redirect like the OIDC callback (docs/decisions/058).
 */
export const samlAcs = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/sso/saml/acs', auth: 'none', rawBody: true });
