import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import type { PendingSignInItem } from './entities';
import { keys } from './keys';
import { isConditionFailure } from './transactions';

/** A password was right; the code is due within this time, else the sign-in starts over. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/** Stores the first step of a two-factor sign-in (one PutItem); the pending cookie names it. */
export async function createPendingSignIn(userId: string, orgId: string, now = Date.now()): Promise<PendingSignInItem> {
  const expiresAt = now + PENDING_SIGN_IN_MS;
  const item: PendingSignInItem = { type: 'MFA_PENDING', id: randomUUID(), userId, orgId, expiresAt, ttl: Math.ceil(expiresAt / 1000) };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...keys.pendingSignIn(userId, item.id), ...item } }));
  return item;
}

/** Expiry is decided by the stored time: TTL deletion runs late. */
export const isPendingSignInLive = (item: PendingSignInItem | undefined, now = Date.now()): item is PendingSignInItem => !!item && item.expiresAt > now;

/** Uses the pending sign-in up: false when a concurrent second step already did (one pending sign-in, one session). */
export async function finishPendingSignIn(userId: string, pendingId: string): Promise<boolean> {
  try {
    await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.pendingSignIn(userId, pendingId), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
