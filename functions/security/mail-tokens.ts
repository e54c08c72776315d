import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { type Condition, bothHold, updateExpression } from '../db/update-expression';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { securityKeys } from './keys';

/**
 * Tokens that travel by mail (password reset, email verification): 32 random bytes, stored only as
 * their SHA-256, so a copy of the table cannot be turned into working links.
 */
type MailTokenPurpose = 'password-reset' | 'email-verification';

interface MailTokenItem {
  type: 'MAIL_TOKEN';
  purpose: MailTokenPurpose;
  userId: string;
  orgId: string;
  /** Epoch ms; the only thing that decides expiry (TTL deletion runs late). */
  expiresAt: number;
  ttl: number;
  /** Epoch ms: a verification link used, kept until it expires so that reopening it can say 'already verified'. */
  spentAt?: number;
}

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newMailToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The Put of a new token item, for the transaction that also records it on the user and mails it. */
export function mailTokenPut(
  hash: string,
  purpose: MailTokenPurpose,
  owner: { userId: string; orgId: string },
  lifetimeMs: number,
  now = clockNow().getTime(),
): TransactItem {
  const expiresAt = now + lifetimeMs;
  const item: MailTokenItem = {
    type: 'MAIL_TOKEN',
    purpose,
    userId: owner.userId,
    orgId: owner.orgId,
    expiresAt,
    ttl: ttlAt(expiresAt),
  };
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...securityKeys.mailToken(hash), ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The token's item when it exists, serves this purpose and has not expired; undefined otherwise. */
async function findMailToken(token: string, purpose: MailTokenPurpose, now = clockNow().getTime()) {
  const hash = hashToken(token);
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: securityKeys.mailToken(hash), ConsistentRead: true }));
  const item = out.Item as MailTokenItem | undefined;
  if (!item || item.purpose !== purpose || item.expiresAt <= now || item.spentAt !== undefined) return undefined;
  return { hash, item };
}

/**
 * Whether a verification link that no longer verifies (used, or voided by a newer one) belongs to an
 * address that is verified now: reopening it then says so rather than 'invalid'. Unknown and
 * expired links stay invalid.
 */
export async function isVerifiedOwnersLink(token: string, now = clockNow().getTime()): Promise<boolean> {
  const out = await db.send(
    new GetCommand({ TableName: TABLE_NAME, Key: securityKeys.mailToken(hashToken(token)), ConsistentRead: true }),
  );
  const item = out.Item as MailTokenItem | undefined;
  if (!item || item.purpose !== 'email-verification' || item.expiresAt <= now) return false;
  const user = await getItem<UserItem>(userKeys.user(item.orgId, item.userId));
  return user?.emailVerified === true;
}

/** Where a user holds the hash of the newest token of each purpose: a newer request voids the older links. */
const CURRENT_HASH_FIELD = {
  'password-reset': 'passwordResetTokenHash',
  'email-verification': 'emailVerificationTokenHash',
} as const satisfies Record<MailTokenPurpose, keyof UserItem>;

export interface FoundMailToken {
  hash: string;
  purpose: MailTokenPurpose;
  user: UserItem;
}

/** The user a token was mailed to, while it is still the newest token of its kind on that user. */
export async function findTokenOwner(token: string, purpose: MailTokenPurpose): Promise<FoundMailToken | undefined> {
  const found = await findMailToken(token, purpose);
  if (!found) return undefined;
  const user = await getItem(userKeys.user(found.item.orgId, found.item.userId), { consistentRead: true });
  return user && user[CURRENT_HASH_FIELD[purpose]] === found.hash ? { hash: found.hash, purpose, user } : undefined;
}

/**
 * Uses the token up and applies `set` (and `remove`) to its owner: the token's delete fails when it
 * was used already, the user's update when a newer link voided it since it was read; either fails
 * the transaction they join.
 */
export function spendMailToken(
  { hash, purpose, user }: FoundMailToken,
  set: Record<string, unknown>,
  remove: readonly string[] = [],
  now = clockNow().getTime(),
  alsoHolds?: Condition,
): TransactItem[] {
  const field = CURRENT_HASH_FIELD[purpose];
  // A verification link is kept, marked spent, until it expires (isVerifiedOwnersLink); a reset link goes.
  const spend: TransactItem =
    purpose === 'email-verification'
      ? {
          Update: {
            TableName: TABLE_NAME,
            Key: securityKeys.mailToken(hash),
            ...updateExpression(
              { set: { spentAt: now } },
              { expression: 'attribute_exists(PK) AND attribute_not_exists(spentAt)' },
            ),
          },
        }
      : { Delete: { TableName: TABLE_NAME, Key: securityKeys.mailToken(hash), ConditionExpression: 'attribute_exists(PK)' } };
  const current: Condition = { expression: '#current = :token', names: { '#current': field }, values: { ':token': hash } };
  return [
    spend,
    {
      Update: {
        TableName: TABLE_NAME,
        Key: userKeys.user(user.orgId, user.id),
        ...updateExpression({ set, remove: [field, ...remove] }, alsoHolds ? bothHold(current, alsoHolds) : current),
      },
    },
  ];
}
