import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { email, pageCursor, pageLimit } from './fields';

// Admins' invitations into their organization (shared/contract/organization-invitations.ts); the
// invitee's side of the link is shared/schemas/invitations.ts.

export const INVITATION_ALREADY_PENDING = 'An invitation is already pending for this address.';
export const INVITATION_NOT_PENDING = 'This invitation is no longer pending.';

/** POST /api/organization/invitations (the Invite User dialog's form too). */
export const invitationRequest = /* @__PURE__ */ (() =>
  z.object({
    email: email('Please enter a valid email address'),
    role: z.enum(ROLES, 'Role must be either admin or staff'),
  }))();
export type InvitationRequest = z.infer<typeof invitationRequest>;

/** 'expired' is a pending invitation past its expiry: stored as pending, answered as expired. */
const INVITATION_STATUSES = ['pending', 'expired', 'revoked', 'accepted'] as const;

/** An invitation as the admins' routes answer it; dates are ISO instants. */
export const invitationResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(INVITATION_STATUSES),
    invitedBy: z.object({ id: z.string(), fullName: z.string() }),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** A pending invitation whose latest mail could not be delivered after every try: Resend sends a new one. */
    mailFailedAt: z.optional(z.string()),
  }))();
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** GET /api/organization/invitations: a page of them. */
export const invitationListResponse = /* @__PURE__ */ (() => z.array(invitationResponse))();

export const INVITATION_PAGE_DEFAULT = 100;
export const INVITATION_PAGE_MAX = 200;

/**
 * GET /api/organization/invitations?limit=&cursor= (docs/decisions/062): newest first; a
 * `Link: <…>; rel="next"` header names the next page, as for the other lists.
 */
export const invitationListQuery = /* @__PURE__ */ (() =>
  z.object({ limit: pageLimit(INVITATION_PAGE_MAX), cursor: pageCursor() }))();
export type InvitationListQuery = z.infer<typeof invitationListQuery>;
