import { keys } from '../db/keys';
import type { TransactItem } from '../db/transactions';
import { TABLE_NAME } from '../db/client';

/**
 * Fixed-window request counters for the mail-sending routes (password reset, verification resend).
 * Read with the route's other items in one BatchGetItem, counted in the route's own transaction,
 * so a throttled and an unthrottled, a known and an unknown address cost the same round trips.
 */
export interface ThrottleRule {
  scope: string;
  limit: number;
  windowMs: number;
}

export interface ThrottleItem {
  count: number;
  /** Epoch ms when the window that began with the first request closes. */
  windowEndsAt: number;
}

const HOUR = 60 * 60 * 1000;

export const THROTTLES = {
  /** Reset mails to one address: a user who lost a mail can ask again; a flood cannot. */
  passwordResetPerAddress: { scope: 'reset-address', limit: 5, windowMs: HOUR },
  /** Reset requests from one client address, whatever the email: stops walking through addresses. */
  passwordResetPerClient: { scope: 'reset-client', limit: 30, windowMs: HOUR },
  verificationResendPerUser: { scope: 'verify-resend', limit: 3, windowMs: HOUR },
  /** Resends of one invitation: an admin can fix a lost mail, not flood an inbox. */
  invitationResendPerInvitation: { scope: 'invite-resend', limit: 3, windowMs: HOUR },
} as const satisfies Record<string, ThrottleRule>;

export const throttleKey = (rule: ThrottleRule, subject: string) => keys.throttle(rule.scope, subject);

/** Seconds until the subject may ask again, or undefined when it may ask now. */
export function throttledForSeconds(rule: ThrottleRule, item: ThrottleItem | undefined, now = Date.now()): number | undefined {
  if (!item || item.windowEndsAt <= now || item.count < rule.limit) return undefined;
  return Math.max(1, Math.ceil((item.windowEndsAt - now) / 1000));
}

/** Counts one request: into the open window read before, or a new window when there was none. */
export function throttleCount(rule: ThrottleRule, subject: string, current: ThrottleItem | undefined, now = Date.now()): TransactItem {
  const Key = throttleKey(rule, subject);
  if (current && current.windowEndsAt > now) {
    return {
      Update: { TableName: TABLE_NAME, Key, UpdateExpression: 'ADD #count :one', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':one': 1 } },
    };
  }
  const windowEndsAt = now + rule.windowMs;
  return { Put: { TableName: TABLE_NAME, Item: { ...Key, type: 'THROTTLE', count: 1, windowEndsAt, ttl: Math.ceil(windowEndsAt / 1000) } } };
}
