import { passwordAccessRequest, ssoRequirementRequest, ssoRequirementResponse } from '../schemas/sso-requirement';
import { endpoint } from './endpoint';

// Enterprise sign-in (issue 40, item 4): single sign-on required for the verified domains, and the admins who keep password access (break-glass).

export const requirement = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/sso/requirement',
  auth: 'required',
  response: ssoRequirementResponse,
});
/** A security change: it decides how the organization's people sign in. */
export const setRequirement = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/organization/sso/requirement',
  auth: 'required',
  stepUp: true,
  body: ssoRequirementRequest,
  response: ssoRequirementResponse,
});
/** A security change: who can still sign in with a password while SSO is required. The last one cannot be turned off (409). */
export const setPasswordAccess = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/organization/sso/password-access/{userId}',
  auth: 'required',
  stepUp: true,
  body: passwordAccessRequest,
  response: ssoRequirementResponse,
});
