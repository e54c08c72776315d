import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { batchGet, keyId } from '../db/reads';
import { type TransactItem, conditionHeld, transactWrite, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { outboxPut } from '../mailer/outbox';
import {
  EMAIL_VERIFICATION_LIFETIME_MS,
  findTokenOwner,
  isVerifiedOwnersLink,
  mailTokenPut,
  newMailToken,
  spendMailToken,
} from '../security/mail-tokens';
import { VERIFICATION_RESENDS_PER_USER } from '../throttles/rules';
import {
  type FixedWindowItem,
  countInFixedWindows,
  fixedWindowCount,
  fixedWindowKey,
  fixedWindowRetryAfter,
  windowMoved,
} from '../throttles/throttles';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';

/**
 * A new verification link for a user who is being created: the token item and the mail, for the
 * creating transaction, and the hash to store on the new user item (the newest token).
 */
export function verificationForNewUser(
  user: Pick<UserItem, 'id' | 'orgId' | 'username' | 'fullName'>,
  now = clockNow().getTime(),
) {
  const { token, hash, tokenPut } = verificationToken(user, now);
  const items: TransactItem[] = [
    tokenPut,
    outboxPut(user.username, { template: 'email-verification', data: { fullName: user.fullName, token } }),
  ];
  return { items, hash };
}

/**
 * A verification link's token, for a mail that carries it: the verification mail, or the welcome
 * mail of a user an admin created (which must not say 'we sent a link' without one).
 */
export function verificationToken(user: Pick<UserItem, 'id' | 'orgId'>, now = clockNow().getTime()) {
  const { token, hash } = newMailToken();
  return {
    token,
    hash,
    tokenPut: mailTokenPut(
      hash,
      'email-verification',
      { userId: user.id, orgId: user.orgId },
      EMAIL_VERIFICATION_LIFETIME_MS,
      now,
    ),
  };
}

type ResendOutcome = { sent: true } | { sent: false; retryAfter: number } | { sent: false; alreadyVerified: true };

/** Sends the signed-in user a new link (voiding the older ones), at most VERIFICATION_RESENDS_PER_USER. */
export async function resendVerification(user: UserItem): Promise<ResendOutcome> {
  return countInFixedWindows(() => resendOnce(user, clockNow().getTime()));
}

async function resendOnce(user: UserItem, now: number): Promise<ResendOutcome> {
  const rule = VERIFICATION_RESENDS_PER_USER;
  const counterKey = fixedWindowKey(rule, user.id);
  const userKey = userKeys.user(user.orgId, user.id);
  const found = await batchGet([counterKey, userKey], { consistentRead: true });
  const current = found.get(keyId(userKey)) as UserItem | undefined;
  if (!current || current.emailVerified === true) return { sent: false, alreadyVerified: true };
  const counter = found.get(keyId(counterKey)) as FixedWindowItem | undefined;
  const retryAfter = fixedWindowRetryAfter(rule, counter, now);
  if (retryAfter !== undefined) return { sent: false, retryAfter };
  const { items, hash } = verificationForNewUser(current, now);
  const sent = await conditionHeld(
    transactWriteExplained(
      [
        fixedWindowCount(rule, user.id, counter, now),
        ...items,
        {
          Update: {
            TableName: TABLE_NAME,
            Key: userKey,
            ...updateExpression(
              { set: { emailVerificationTokenHash: hash } },
              {
                expression: 'attribute_exists(PK) AND (attribute_not_exists(emailVerified) OR emailVerified = :false)',
                values: { ':false': false },
              },
            ),
          },
        },
      ],
      (failed) => windowMoved(failed, [0]),
    ),
  );
  // Not sent: verified (or removed) between the read and the write.
  return sent ? { sent: true } : { sent: false, alreadyVerified: true };
}

/**
 * Marks the address verified if the token is the user's newest, unused and unexpired one, and the
 * address still belongs to the user: an invitation or an admin's Add User may have taken over an
 * unproved registration's address meanwhile (docs/decisions/041), and then its link proves nothing.
 * A used or voided link of an address verified since says so (decision 042's mail-link pages).
 */
export async function confirmVerification(token: string): Promise<'verified' | 'already-verified' | 'invalid'> {
  const found = await findTokenOwner(token, 'email-verification');
  if (found) {
    const addressHeld: TransactItem = {
      Update: {
        TableName: TABLE_NAME,
        Key: userKeys.email(found.user.username),
        ...updateExpression({ remove: ['unverified'] }, { expression: 'userId = :user', values: { ':user': found.user.id } }),
      },
    };
    if (await conditionHeld(transactWrite([...spendMailToken(found, { emailVerified: true }), addressHeld]))) return 'verified';
  }
  return (await isVerifiedOwnersLink(token)) ? 'already-verified' : 'invalid';
}
