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
}

export interface SessionItem {
  type: 'SESSION';
  id: string;
  userId: string;
  orgId: string;
  /** Epoch ms: the absolute end (7 days after sign-in). With lastUsedAt, the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  /** Epoch ms of the last use, recorded at most once an hour; 24 hours later the session is idle and ends. Absent on sessions older than issue 21: createdAt stands in. */
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
