import { userResponse } from '../schemas/auth';
import { invitationAcceptRequest, invitationLookupRequest, invitationLookupResponse } from '../schemas/invitations';
import { endpoint } from './endpoint';

// The invitee's side: public, the token always in the JSON body.

export const lookup = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/invitations/lookup',
  auth: 'none',
  body: invitationLookupRequest,
  response: invitationLookupResponse,
});
/** Creates the user and signs them in (201 with the session cookie). */
export const accept = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/invitations/accept',
  auth: 'none',
  body: invitationAcceptRequest,
  response: userResponse,
});
