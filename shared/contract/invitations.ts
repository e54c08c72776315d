import * as z from 'zod/mini';
import { userResponse } from '../schemas/auth';
import {
  invitationAcceptRequest,
  invitationLookupRequest,
  invitationLookupResponse,
  invitationRequest,
  invitationResponse,
} from '../schemas/invitations';
import { endpoint } from './endpoint';

/** Admins inviting people into their organization by email (the organization comes from the session). */
export const organizationInvitationEndpoints = {
  /** The pending invitations, and the expired, revoked and accepted ones of the last 30 days, newest first. */
  list: endpoint({ method: 'GET', path: '/api/organization/invitations', auth: 'required', response: z.array(invitationResponse) }),
  create: endpoint({ method: 'POST', path: '/api/organization/invitations', auth: 'required', body: invitationRequest, response: invitationResponse }),
  /** A new link and a new expiry; the old link stops working. */
  resend: endpoint({ method: 'POST', path: '/api/organization/invitations/{id}/resend', auth: 'required', response: invitationResponse }),
  revoke: endpoint({ method: 'DELETE', path: '/api/organization/invitations/{id}', auth: 'required', response: invitationResponse }),
};

/** The invitee's side: public, the token always in the JSON body. */
export const invitationEndpoints = {
  lookup: endpoint({ method: 'POST', path: '/api/invitations/lookup', auth: 'none', body: invitationLookupRequest, response: invitationLookupResponse }),
  /** Creates the user and signs them in (201 with the session cookie). */
  accept: endpoint({ method: 'POST', path: '/api/invitations/accept', auth: 'none', body: invitationAcceptRequest, response: userResponse }),
};
