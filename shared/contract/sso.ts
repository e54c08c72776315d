import { ssoDomainListResponse, ssoDomainRequest, ssoDomainResponse } from '../schemas/sso';
import { endpoint } from './endpoint';

// Enterprise sign-in (issue 40): the organization's verified domains (admins; the organization comes from the session).

export const listDomains = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/organization/sso/domains', auth: 'required', response: ssoDomainListResponse });
/** 201 with the TXT record to publish. A security change: it decides, once verified, whose sign-in the organization governs. */
export const addDomain = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/organization/sso/domains', auth: 'required', stepUp: true, body: ssoDomainRequest, response: ssoDomainResponse });
/** Looks the TXT record up: the domain verified, or 400 saying what was found. */
export const verifyDomain = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/organization/sso/domains/{domain}/verify', auth: 'required', response: ssoDomainResponse });
export const removeDomain = /* @__PURE__ */ endpoint({ method: 'DELETE', path: '/api/organization/sso/domains/{domain}', auth: 'required', stepUp: true, response: ssoDomainResponse });
