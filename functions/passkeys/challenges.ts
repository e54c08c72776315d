import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeldAnswer } from '../db/transactions';
import { passkeyKeys } from './keys';

/** A challenge answers within this time, else the ceremony starts over. */
export const CHALLENGE_MS = 5 * 60 * 1000;

/**
 * What a challenge was handed out for: adding a passkey (to one user), a passwordless sign-in (to
 * anyone), the second step of one pending sign-in (to its user), or a step-up of one session (to
 * its user: docs/decisions/056).
 */
export type ChallengePurpose =
  | { purpose: 'register'; userId: string }
  | { purpose: 'sign-in' }
  | { purpose: 'second-factor'; userId: string; pendingId: string }
  | { purpose: 'step-up'; userId: string; sessionId: string };

/** A challenge handed out to one user for one thing of theirs (a pending sign-in, a session): only that one's answer uses it. */
export type BoundPurpose = Extract<ChallengePurpose, { purpose: 'second-factor' | 'step-up' }>;
export const boundTo = (purpose: BoundPurpose) =>
  purpose.purpose === 'second-factor'
    ? `pending ${purpose.userId} ${purpose.pendingId}`
    : `session ${purpose.userId} ${purpose.sessionId}`;

/** `WEBAUTHN_CHALLENGE#<challenge> / WEBAUTHN_CHALLENGE` (passkeyKeys.webAuthnChallenge): stored, used up by its first answer. */
export type WebAuthnChallengeItem = ChallengePurpose & {
  type: 'WEBAUTHN_CHALLENGE';
  challenge: string;
  /** Epoch ms; decides expiry (TTL deletion runs late). */
  expiresAt: number;
  ttl: number;
};

/** Stores a challenge just made (one PutItem). */
export async function storeChallenge(challenge: string, purpose: ChallengePurpose, now = clockNow().getTime()) {
  const expiresAt = now + CHALLENGE_MS;
  const item: WebAuthnChallengeItem = { ...purpose, type: 'WEBAUTHN_CHALLENGE', challenge, expiresAt, ttl: ttlAt(expiresAt) };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...passkeyKeys.webAuthnChallenge(challenge), ...item } }));
}

/**
 * Uses a challenge up (a conditional delete answering the item), whatever the answer's fate: a
 * second answer with the same challenge finds nothing, even one sent at the same instant. Undefined
 * when it was never handed out, already used, expired, or handed out for another purpose.
 */
export async function takeChallenge<P extends ChallengePurpose['purpose']>(
  challenge: string,
  purpose: P,
  now = clockNow().getTime(),
) {
  if (!challenge || challenge.length > 128) return undefined;
  const taken = await conditionHeldAnswer(
    db.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: passkeyKeys.webAuthnChallenge(challenge),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const item = taken?.Attributes as WebAuthnChallengeItem | undefined;
  if (!item || item.purpose !== purpose || item.expiresAt <= now) return undefined;
  return item as Extract<WebAuthnChallengeItem, { purpose: P }>;
}
