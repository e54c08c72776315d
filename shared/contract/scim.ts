// The routes' bodies are SCIM's, checked by hand (functions/scim/scim-user.ts), then a person's fields by
// this module's one schema, which belongs to this contract (and so to its handlers' bundles).
import '../schemas/scim';
import { endpoint } from './endpoint';

/*
 * SCIM 2.0 (RFC 7643/7644; issue 40, item 5): an identity provider provisions the organization's people
 * with a bearer token (never a session). `rawBody`: its bodies are `application/scim+json`, checked and
 * answered in SCIM's own shapes by functions/scim/scim-route.ts, and no browser sends them, so the
 * cross-site rules do not apply; the token is the authentication (docs/decisions/045).
 */

export const listUsers = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/scim/v2/Users', auth: 'none', rawBody: true });
export const getUser = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/scim/v2/Users/{id}', auth: 'none', rawBody: true });
export const createUser = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/scim/v2/Users', auth: 'none', rawBody: true });
export const replaceUser = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/scim/v2/Users/{id}',
  auth: 'none',
  rawBody: true,
});
export const patchUser = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/scim/v2/Users/{id}',
  auth: 'none',
  rawBody: true,
});
export const deleteUser = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/scim/v2/Users/{id}',
  auth: 'none',
  rawBody: true,
});

// Discovery (RFC 7644 §4): what this service supports, read by an identity provider before it provisions.
export const serviceProviderConfig = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/scim/v2/ServiceProviderConfig',
  auth: 'none',
  rawBody: true,
});
export const resourceTypes = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/scim/v2/ResourceTypes',
  auth: 'none',
  rawBody: true,
});
export const schemas = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/scim/v2/Schemas', auth: 'none', rawBody: true });

// Groups: the two fixed groups, Administrators and Staff, are the two roles (docs/decisions/060).
export const listGroups = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/scim/v2/Groups', auth: 'none', rawBody: true });
export const getGroup = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/scim/v2/Groups/{id}',
  auth: 'none',
  rawBody: true,
});
export const replaceGroup = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/scim/v2/Groups/{id}',
  auth: 'none',
  rawBody: true,
});
export const patchGroup = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/scim/v2/Groups/{id}',
  auth: 'none',
  rawBody: true,
});
export const createGroup = /* @__PURE__ */ endpoint({ method: 'POST', path: '/api/scim/v2/Groups', auth: 'none', rawBody: true });
export const deleteGroup = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/scim/v2/Groups/{id}',
  auth: 'none',
  rawBody: true,
});
