import type { Role } from '../../shared/roles';

/** The stored shape of each entity (keys come from keys.ts). */
export interface OrganizationItem {
  type: 'ORG';
  id: string;
  name: string;
  /** Kept in the same transaction as every role change, so "last admin" checks are atomic. */
  adminCount: number;
  plan: string;
  billingCycle: string;
  createdAt: string;
  /** Every member must sign in with two-factor; absent means false (organizations from before the setting). */
  requireMfa?: boolean;
}

export interface UserItem {
  type: 'USER';
  id: string;
  orgId: string;
  /** The email as typed at registration; keys use its lower-case form. */
  username: string;
  fullName: string;
  role: Role;
  passwordHash: string;
  avatarUrl: string | null;
  /** Unread notifications, changed in the same transaction as every isRead change. */
  unreadCount: number;
  createdAt: string;
  /** True once the user followed a verification link; absent or false until then. */
  emailVerified?: boolean;
  /** SHA-256 of the newest password-reset token: a newer request voids the older links. */
  passwordResetTokenHash?: string;
  /** SHA-256 of the newest email-verification token. */
  emailVerificationTokenHash?: string;
  /** Two-factor sign-in (docs/decisions/016): on once a code of the secret was entered. */
  mfaEnabled?: boolean;
  /** The TOTP secret, encrypted (functions/session/mfa-encryption.ts); present while mfaEnabled. */
  mfaSecret?: string;
  /** A secret being set up, encrypted, until a code of it enables two-factor. */
  mfaPendingSecret?: string;
  /** The newest TOTP time step used: a code of this step or an earlier one is refused (replay). */
  mfaLastTimeStep?: number;
  /** Keyed hashes of the unused recovery codes (a string set: using one deletes it). */
  mfaRecoveryCodes?: Set<string>;
}

export interface SessionItem {
  type: 'SESSION';
  id: string;
  userId: string;
  orgId: string;
  /** Epoch ms: the absolute end (7 days after sign-in). With lastUsedAt, the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  /** Epoch ms of the last use, recorded at most once an hour; 24 hours later the session is idle and ends. Absent on sessions from before idle expiry existed: createdAt stands in. */
  lastUsedAt?: number;
  /** The browser's User-Agent at sign-in (at most 512 characters), shown as the session's device. */
  userAgent?: string;
  /** Epoch seconds, for DynamoDB TTL clean-up: the earlier of the absolute and the idle end. */
  ttl: number;
  createdAt: string;
}

export interface EmailItem {
  type: 'EMAIL';
  userId: string;
  orgId: string;
}

/**
 * An invitation in its organization's partition. Stored statuses are pending, revoked and accepted;
 * a pending one past expiresAt is expired. tokenHash is the SHA-256 of its current link's token
 * (removed once it is revoked or accepted).
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
  revokedAt?: string;
  acceptedAt?: string;
  acceptedUserId?: string;
  /** Epoch seconds: 30 days after it expires or ends, so the list's last 30 days stay and older ones go. */
  ttl: number;
}

/** The address an invitation holds while it is pending (one pending invitation per email and organization). */
export interface InvitationEmailItem {
  type: 'INVITATION_EMAIL';
  invitationId: string;
  /** The holding invitation's expiry (epoch ms): past it, a new invitation may take the address. */
  expiresAt: number;
  ttl: number;
}

/** An invitation link's token item (keyed by the token's SHA-256). */
export interface InvitationTokenItem {
  type: 'INVITATION_TOKEN';
  invitationId: string;
  orgId: string;
  expiresAt: number;
  ttl: number;
}

/** The first step of a two-factor sign-in: the password was right, a code is still due (5 minutes). */
export interface PendingSignInItem {
  type: 'MFA_PENDING';
  id: string;
  userId: string;
  orgId: string;
  /** Epoch ms; decides expiry (TTL deletion runs late). */
  expiresAt: number;
  ttl: number;
}
