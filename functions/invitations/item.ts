import { ulid } from 'ulid';
import { INVITATION_LIFETIME_DAYS } from '../../shared/limits';
import type { Role } from '../../shared/roles';
import type { InvitationResponse } from '../../shared/schemas/organization-invitations';
import { now as clockNow, ttlAt } from '../clock';

const DAY = 24 * 60 * 60 * 1000;
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY;
/** How long expired, revoked and accepted invitations stay listed. */
export const INVITATION_HISTORY_MS = 30 * DAY;

/** The ttl that drops an item `ms` from now. */
export const ttlIn = (ms: number) => ttlAt(clockNow().getTime() + ms);

/**
 * An invitation: `ORG#<orgId> / INVITATION#<ulid>` (invitationKeys.invitation), in its organization's
 * partition. Stored statuses are pending, revoked and accepted; a pending one past expiresAt is
 * expired. tokenHash is the SHA-256 of its current link's token (removed once it is revoked or accepted).
 */
export interface InvitationItem {
  type: 'INVITATION';
  id: string;
  orgId: string;
  /** As the admin typed it; keys use its lower-case form. */
  email: string;
  role: Role;
  status: 'pending' | 'revoked' | 'accepted';
  invitedBy: { id: string; fullName: string };
  createdAt: string;
  /** Epoch ms: the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  tokenHash?: string;
  resentAt?: string;
  /** The outbox id of the current link's mail: only its failure marks the invitation (a resend brings a new one). */
  mailId?: string;
  /** The current link's mail failed after its last try (the mailer's sweeper): shown with Resend in Pending invitations. */
  mailFailedAt?: string;
  revokedAt?: string;
  acceptedAt?: string;
  acceptedUserId?: string;
  /** Epoch seconds: 30 days after it expires or ends, so the list's last 30 days stay and older ones go. */
  ttl: number;
}

/**
 * `ORG#<orgId> / INVITATION_EMAIL#<lower-case email>` (invitationKeys.invitationEmail): the address an
 * invitation holds while it is pending (one pending invitation per email and organization).
 */
export interface InvitationEmailItem {
  type: 'INVITATION_EMAIL';
  invitationId: string;
  /** The holding invitation's expiry (epoch ms): past it, a new invitation may take the address. */
  expiresAt: number;
  ttl: number;
}

/** `INVITATION_TOKEN#<sha-256> / INVITATION_TOKEN` (invitationKeys.invitationToken): an invitation link's token. */
export interface InvitationTokenItem {
  type: 'INVITATION_TOKEN';
  invitationId: string;
  orgId: string;
  expiresAt: number;
  ttl: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A new pending invitation from `invitedBy`, valid for INVITATION_LIFETIME_MS from `now` (epoch ms). */
export function newInvitation(
  input: { orgId: string; email: string; role: Role; invitedBy: { id: string; fullName: string }; tokenHash: string },
  now: number,
): InvitationItem {
  return {
    type: 'INVITATION',
    id: ulid(),
    orgId: input.orgId,
    email: input.email.trim(),
    role: input.role,
    status: 'pending',
    invitedBy: { id: input.invitedBy.id, fullName: input.invitedBy.fullName },
    createdAt: iso(now),
    expiresAt: now + INVITATION_LIFETIME_MS,
    tokenHash: input.tokenHash,
    mailId: ulid(),
    ttl: ttlIn(INVITATION_LIFETIME_MS + INVITATION_HISTORY_MS),
  };
}

/** The hold of the invitation's address, until the invitation expires. */
export const invitationEmailItem = (invitation: InvitationItem, now: number): InvitationEmailItem => ({
  type: 'INVITATION_EMAIL',
  invitationId: invitation.id,
  expiresAt: invitation.expiresAt,
  ttl: ttlIn(invitation.expiresAt - now),
});

/** The token item of the invitation's current link, until the invitation expires. */
export const invitationTokenItem = (invitation: InvitationItem, now: number): InvitationTokenItem => ({
  type: 'INVITATION_TOKEN',
  invitationId: invitation.id,
  orgId: invitation.orgId,
  expiresAt: invitation.expiresAt,
  ttl: ttlIn(invitation.expiresAt - now),
});

/** Expired is a pending invitation past its expiry, by the functions' clock. */
export function toInvitationResponse(item: InvitationItem, now = clockNow().getTime()): InvitationResponse {
  return {
    id: item.id,
    email: item.email,
    role: item.role,
    status: item.status === 'pending' && item.expiresAt <= now ? 'expired' : item.status,
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    expiresAt: iso(item.expiresAt),
    ...(item.status === 'pending' && item.mailFailedAt ? { mailFailedAt: item.mailFailedAt } : {}),
  };
}
