import { randomUUID } from 'node:crypto';
import { ttlAt } from '../clock';
import { SESSION_IDLE_LONGEST_MS, SESSION_LIFETIME_MS } from '../security/lifetime';

/** A signed-in session: `USER#<userId> / SESSION#<uuid>` (sessionKeys.session), in its user's partition. */
export interface SessionItem {
  type: 'SESSION';
  id: string;
  userId: string;
  orgId: string;
  /** Epoch ms: the absolute end (7 days after sign-in). With lastUsedAt, the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  /** Epoch ms of the last use, recorded at most every SESSION_TOUCH_INTERVAL_MS; the organization's idle limit later the session ends (sessionIdleLimit). Absent on sessions from before idle expiry existed: createdAt stands in. */
  lastUsedAt?: number;
  /** Epoch ms when the password or a two-factor code was last confirmed on this session (POST /api/user/step-up); security changes need it recent. */
  steppedUpAt?: number;
  /** How the session was started, when by the organization's identity provider: its two-factor requirement counts as met (docs/decisions/059). Absent: by a password, a code or a passkey. */
  startedBy?: 'sso';
  /** The browser's User-Agent at sign-in (at most 512 characters), shown as the session's device. */
  userAgent?: string;
  /** Epoch seconds, for DynamoDB TTL clean-up: the earlier of the absolute and the idle end. */
  ttl: number;
  createdAt: string;
}

const USER_AGENT_MAX = 512;

/** Epoch seconds when TTL may delete a session last used at `lastUsedAt`: its longest idle end or its absolute end. */
export const sessionTtl = (expiresAt: number, lastUsedAt: number) =>
  ttlAt(Math.min(expiresAt, lastUsedAt + SESSION_IDLE_LONGEST_MS));

/** A session that starts now (epoch ms) and is used at once. */
export function newSession(userId: string, orgId: string, userAgent: string, now: number, startedBy?: 'sso'): SessionItem {
  const expiresAt = now + SESSION_LIFETIME_MS;
  return {
    ...(startedBy ? { startedBy } : {}),
    type: 'SESSION',
    id: randomUUID(),
    userId,
    orgId,
    expiresAt,
    lastUsedAt: now,
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
    ttl: sessionTtl(expiresAt, now),
    createdAt: new Date(now).toISOString(),
  };
}
