import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { isConditionFailure } from './transactions';
import { keys } from './keys';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface LoginAttemptsItem {
  count: number;
  /** Epoch ms when the window that began with the first failure closes. */
  windowEndsAt: number;
}

/** Seconds until the caller may try again, or undefined when they may try now. */
export function lockedForSeconds(attempts: LoginAttemptsItem | undefined, now = Date.now()): number | undefined {
  if (!attempts || attempts.windowEndsAt <= now || attempts.count < MAX_FAILED_LOGINS) return undefined;
  return Math.max(1, Math.ceil((attempts.windowEndsAt - now) / 1000));
}

/** Counts one failure in the open window, or opens a new window; the item expires with its window. */
export async function recordFailedLogin(email: string, clientIp: string, now = Date.now()) {
  const Key = keys.loginAttempts(email, clientIp);
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'windowEndsAt > :now',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const windowEndsAt = now + FAILED_LOGIN_WINDOW_MS;
    await db.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...Key, type: 'LOGIN_ATTEMPTS', count: 1, windowEndsAt, ttl: Math.ceil(windowEndsAt / 1000) },
      }),
    );
  }
}

export async function clearFailedLogins(email: string, clientIp: string) {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.loginAttempts(email, clientIp) }));
}
