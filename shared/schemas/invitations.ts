import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { newPassword, text } from './fields';

/** Every unknown, revoked, used, replaced or expired invitation link, in one sentence. */
export const INVALID_INVITATION = 'This invitation is invalid or has expired.';

/** A token from the /invite link's fragment: 32 random bytes, base64url (43 characters). */
const invitationToken = /* @__PURE__ */ (() =>
  z.string().check(z.minLength(1, INVALID_INVITATION), z.maxLength(128, INVALID_INVITATION)))();

/** POST /api/invitations/lookup: the token travels in the body, never in a URL. */
export const invitationLookupRequest = /* @__PURE__ */ (() => z.object({ token: invitationToken }))();
export const invitationLookupResponse = /* @__PURE__ */ (() =>
  z.object({
    organizationName: z.string(),
    invitedByName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }))();
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponse>;

/** POST /api/invitations/accept: the invitee's name and password follow the registration rules (spec section 5). */
export const invitationAcceptRequest = /* @__PURE__ */ (() =>
  z.object({
    token: invitationToken,
    fullName: text(1, 'Full name is required', 'Full name'),
    password: newPassword('Password must be at least 6 characters long'),
  }))();

/** The /invite page's form: the token comes from the URL's fragment. */
export const acceptInvitationForm = /* @__PURE__ */ (() => z.pick(invitationAcceptRequest, { fullName: true, password: true }))();
export type AcceptInvitationForm = z.infer<typeof acceptInvitationForm>;
