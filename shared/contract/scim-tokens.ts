import { scimTokenCreatedResponse, scimTokenListResponse, scimTokenRequest, scimTokenResponse } from '../schemas/scim-tokens';
import { endpoint } from './endpoint';

// SCIM provisioning (issue 40, item 5): the bearer tokens an identity provider provisions with (admins; the organization comes from the session).

export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/scim-tokens',
  auth: 'required',
  response: scimTokenListResponse,
});
/** 201 with the token, shown once: whoever holds it can add and remove the organization's people. A security change. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/scim-tokens',
  auth: 'required',
  stepUp: true,
  body: scimTokenRequest,
  response: scimTokenCreatedResponse,
});
/** Revokes a token at once: its next request is 401. A security change. */
export const revoke = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/scim-tokens/{id}',
  auth: 'required',
  stepUp: true,
  response: scimTokenResponse,
});
