import {
  invitationListQuery,
  invitationListResponse,
  invitationRequest,
  invitationResponse,
} from '../schemas/organization-invitations';
import { endpoint } from './endpoint';

// Admins inviting people into their organization by email (the organization comes from the session).

/**
 * A page of the pending invitations, and the expired, revoked and accepted ones of the last 30 days,
 * newest first. Headers: `Link: <…>; rel="next"` while there is more, `X-Total-Count` when the page is the whole list.
 */
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/invitations',
  auth: 'required',
  query: invitationListQuery,
  response: invitationListResponse,
});
/** Idempotent: a retried submit with its Idempotency-Key sends no second invitation. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/invitations',
  auth: 'required',
  idempotent: true,
  body: invitationRequest,
  response: invitationResponse,
});
/** A new link and a new expiry; the old link stops working. */
export const resend = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/organization/invitations/{id}/resend',
  auth: 'required',
  response: invitationResponse,
});
export const revoke = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/organization/invitations/{id}',
  auth: 'required',
  response: invitationResponse,
});
