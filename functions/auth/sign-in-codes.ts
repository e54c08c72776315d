import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { type TransactItem, conditionHeld, conditionHeldAnswer, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { outboxPut } from '../mailer/outbox';
import { SIGN_IN_CODES_PER_ACCOUNT } from '../throttles/rules';
import {
  type FixedWindowItem,
  countInFixedWindows,
  fixedWindowCount,
  fixedWindowKey,
  fixedWindowRetryAfter,
  windowMoved,
} from '../throttles/throttles';
import type { UserItem } from '../user/item';
import { authKeys } from './keys';

/** The code is due within this time, else the sign-in starts over. */
export const SIGN_IN_CODE_MS = 10 * 60 * 1000;
/** Tries of one pending sign-in's code: 5 guesses of a 6-digit code succeed once in 200,000. */
export const SIGN_IN_CODE_TRIES = 5;

/**
 * A sign-in that needs its emailed one-time code (docs/decisions/040): `SIGNIN_CODE#<id> / SIGNIN_CODE`.
 * Written for every such attempt, right password or not, so the answer and the code step behave
 * alike for both; only a right password's item holds a code hash (and only then is a code mailed).
 */
export interface SignInCodeItem {
  type: 'SIGNIN_CODE';
  id: string;
  /** The account, when the password was right. */
  userId?: string;
  orgId?: string;
  /** SHA-256 of the id and the code: absent when the password was wrong or no mail could be sent. */
  codeHash?: string;
  tries: number;
  expiresAt: number;
  ttl: number;
}

const codeHashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('base64url');

/**
 * Starts a sign-in that waits for a code: for `user` (the password was right) the code is mailed
 * unless SIGN_IN_CODES_PER_ACCOUNT mails went out this hour; for undefined (a wrong password, an
 * unknown email) nothing is mailed and no code will ever match. One GetItem and one TransactWriteItems either way.
 */
export async function startSignInCode(
  email: string,
  user: Pick<UserItem, 'id' | 'orgId' | 'username' | 'fullName'> | undefined,
): Promise<SignInCodeItem> {
  return countInFixedWindows(async () => {
    const now = clockNow().getTime();
    const rule = SIGN_IN_CODES_PER_ACCOUNT;
    const mails = await getItem<FixedWindowItem>(fixedWindowKey(rule, email), { consistentRead: true });
    const id = randomUUID();
    const expiresAt = now + SIGN_IN_CODE_MS;
    const item: SignInCodeItem = { type: 'SIGNIN_CODE', id, tries: 0, expiresAt, ttl: ttlAt(expiresAt) };
    const mailed: TransactItem[] = [];
    if (user && fixedWindowRetryAfter(rule, mails, now) === undefined) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      Object.assign(item, { userId: user.id, orgId: user.orgId, codeHash: codeHashOf(id, code) });
      mailed.push(
        fixedWindowCount(rule, email, mails, now),
        outboxPut(user.username, { template: 'sign-in-code', data: { fullName: user.fullName, code } }),
      );
    }
    const put: TransactItem = {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...authKeys.signInCode(id), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    await transactWriteExplained([put, ...mailed], (failed) => windowMoved(failed, mailed.length > 0 ? [1] : []));
    return item;
  });
}

export type CodeOutcome = { outcome: 'right'; userId: string; orgId: string } | { outcome: 'wrong' } | { outcome: 'expired' };

/**
 * Tries a code (reserve-then-check): one conditional UpdateItem takes a try (only while fewer than
 * SIGN_IN_CODE_TRIES were taken and the code is due), then the code is compared; a right one uses
 * the item up with a conditional delete, so one code signs in once even when sent twice at once.
 */
export async function trySignInCode(id: string, code: string): Promise<CodeOutcome> {
  const now = clockNow().getTime();
  const tried = await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: authKeys.signInCode(id),
        ...updateExpression(
          { add: { tries: 1 } },
          {
            expression: 'attribute_exists(PK) AND tries < :tries AND expiresAt > :now',
            values: { ':tries': SIGN_IN_CODE_TRIES, ':now': now },
          },
        ),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  const taken = tried?.Attributes as SignInCodeItem | undefined;
  if (!taken) return { outcome: 'expired' };
  const expected = Buffer.from(taken.codeHash ?? '');
  const given = Buffer.from(codeHashOf(id, code));
  const right = !!taken.userId && !!taken.orgId && expected.length === given.length && timingSafeEqual(expected, given);
  if (!right) return { outcome: 'wrong' };
  const usedUp = await conditionHeld(
    db.send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: authKeys.signInCode(id), ConditionExpression: 'attribute_exists(PK)' }),
    ),
  );
  return usedUp ? { outcome: 'right', userId: taken.userId!, orgId: taken.orgId! } : { outcome: 'expired' };
}
