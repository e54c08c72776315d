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
  /** Epoch ms; the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  /** Epoch seconds, for DynamoDB TTL clean-up. */
  ttl: number;
  createdAt: string;
}

export interface EmailItem {
  type: 'EMAIL';
  userId: string;
  orgId: string;
}
