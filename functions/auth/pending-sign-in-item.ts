import { randomUUID } from 'node:crypto';
import { now as clockNow, ttlAt } from '../clock';

/** A password was right; the code is due within this time, else the sign-in starts over. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * The first step of a two-factor sign-in: `USER#<userId> / MFA_PENDING#<uuid>` (authKeys.pendingSignIn),
 * named by the pending cookie. The password was right, a code is still due.
 */
export interface PendingSignInItem {
  type: 'MFA_PENDING';
  id: string;
  userId: string;
  orgId: string;
  /** Epoch ms; decides expiry (TTL deletion runs late). */
  expiresAt: number;
  ttl: number;
}

export function newPendingSignIn(userId: string, orgId: string, now: number): PendingSignInItem {
  const expiresAt = now + PENDING_SIGN_IN_MS;
  return { type: 'MFA_PENDING', id: randomUUID(), userId, orgId, expiresAt, ttl: ttlAt(expiresAt) };
}

/** Expiry is decided by the stored time: TTL deletion runs late. */
export const isPendingSignInLive = (item: PendingSignInItem | undefined, now = clockNow().getTime()): item is PendingSignInItem =>
  !!item && item.expiresAt > now;
