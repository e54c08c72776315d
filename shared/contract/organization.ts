import { organizationRequest, organizationResponse } from '../schemas/organization';
import { endpoint } from './endpoint';

// Admins managing their organization (spec section 6).

export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/organization/{id}',
  auth: 'required',
  body: organizationRequest,
  response: organizationResponse,
});
