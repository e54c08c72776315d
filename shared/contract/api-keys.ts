import { apiKeyCreatedResponse, apiKeyListResponse, apiKeyRequest, apiKeyResponse } from '../schemas/api-keys';
import { endpoint } from './endpoint';

// Organization API keys (issue 65, item 1; docs/decisions/113): admins make and revoke them; a key itself reaches only the routes its scopes name.

export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/api-keys',
  auth: 'required',
  response: apiKeyListResponse,
});
/** 201 with the key, shown once: whoever holds it acts as the organization within its scopes. A security change. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/api-keys',
  auth: 'required',
  stepUp: true,
  body: apiKeyRequest,
  response: apiKeyCreatedResponse,
});
/** Revokes a key at once: its next request is 401. A security change. */
export const revoke = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/api-keys/{id}',
  auth: 'required',
  stepUp: true,
  response: apiKeyResponse,
});
