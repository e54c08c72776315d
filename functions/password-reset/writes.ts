import { type AuditClient, auditPut, userTarget } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { batchGet, getItem, keyId } from '../db/reads';
import { type TransactItem, conditionHeld, transactWrite, transactWriteExplained } from '../db/transactions';
import { bothHold, updateExpression } from '../db/update-expression';
import { outboxPut } from '../mailer/outbox';
import { isUnconfirmedNewMfa } from '../mfa/rules';
import { TURNED_OFF } from '../mfa/writes';
import { organizationKeys } from '../organization/keys';
import { appStateIs, factorChangeCounted, passkeyStateIs } from '../organization/members-without-two-factor';
import { PASSWORD_RESET_LIFETIME_MS, findTokenOwner, mailTokenPut, newMailToken, spendMailToken } from '../security/mail-tokens';
import type { SsoDomainClaimItem } from '../sso/item';
import { claimKeyOf, memberAddressRequiresSso, organizationRequiringSso, passwordRefusedBySso } from '../sso-requirement/rules';
import { PASSWORD_RESETS_PER_ADDRESS, PASSWORD_RESETS_PER_CLIENT } from '../throttles/rules';
import {
  type FixedWindowItem,
  countInFixedWindows,
  fixedWindowCount,
  fixedWindowKey,
  fixedWindowRetryAfter,
  windowMoved,
} from '../throttles/throttles';
import { type EmailItem, type UserItem, hasPasskey } from '../user/item';
import { userKeys } from '../user/keys';

/**
 * A reset request: one BatchGetItem (both throttle counters and the email item) and one
 * TransactWriteItems (the counters, and for an existing account the token, the user's newest token
 * hash and the mail's outbox item). A known and an unknown address cost the same two round trips,
 * so neither the answer nor its time tells whether an account exists.
 * Answers the seconds to wait when throttled.
 */
export async function requestPasswordReset(email: string, clientIp: string): Promise<{ retryAfter?: number }> {
  return countInFixedWindows(() => requestOnce(email, clientIp, clockNow().getTime()));
}

async function requestOnce(email: string, clientIp: string, now: number): Promise<{ retryAfter?: number }> {
  const perAddress = PASSWORD_RESETS_PER_ADDRESS;
  const perClient = PASSWORD_RESETS_PER_CLIENT;
  const addressKey = fixedWindowKey(perAddress, email);
  const clientKey = fixedWindowKey(perClient, clientIp);
  const emailKey = userKeys.email(email);
  const claimKey = claimKeyOf(email);
  const found = await batchGet([addressKey, clientKey, emailKey, ...(claimKey ? [claimKey] : [])], { consistentRead: true });
  const addressCount = found.get(keyId(addressKey)) as FixedWindowItem | undefined;
  const clientCount = found.get(keyId(clientKey)) as FixedWindowItem | undefined;
  const waits = [fixedWindowRetryAfter(perAddress, addressCount, now), fixedWindowRetryAfter(perClient, clientCount, now)].filter(
    (wait) => wait !== undefined,
  );
  if (waits.length > 0) return { retryAfter: Math.max(...waits) };

  const items: TransactItem[] = [
    fixedWindowCount(perAddress, email, addressCount, now),
    fixedWindowCount(perClient, clientIp, clientCount, now),
  ];
  const account = found.get(keyId(emailKey)) as EmailItem | undefined;
  const requiring = await organizationRequiringSso(claimKey && (found.get(keyId(claimKey)) as SsoDomainClaimItem | undefined));
  if (account && passwordRefusedBySso(requiring, account)) {
    // Single sign-on required (docs/decisions/059): no link that would set a password, only where to sign in.
    const address = account.username ?? email.trim();
    items.push(outboxPut(address, { template: 'password-reset-by-sso', data: { address } }));
  } else if (account) {
    const { token, hash } = newMailToken();
    items.push(
      mailTokenPut(hash, 'password-reset', account, PASSWORD_RESET_LIFETIME_MS, now),
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(account.orgId, account.userId),
          // The newest token only: a newer request voids the links of older ones.
          ...updateExpression({ set: { passwordResetTokenHash: hash } }, { expression: 'attribute_exists(PK)' }),
        },
      },
      // To the address the account holds, not as typed here: the key matched it case-insensitively.
      outboxPut(account.username ?? email.trim(), { template: 'password-reset', data: { token } }),
    );
  }
  // Another failed condition: the account was removed between the read and the write, so it has no password to reset.
  await conditionHeld(transactWriteExplained(items, (failed) => windowMoved(failed, [0, 1])));
  return {};
}

/**
 * Sets the new password if the token is the user's newest, unused and unexpired reset token: the
 * token's delete, the password, the 'password changed' mail and the audit entry (the link's holder
 * acts as the user the token names: the mail went to that user's address) in one transaction (single use).
 * Two-factor turned on in the last 24 hours that no sign-in has passed yet goes with it, with its own
 * mail and entry (docs/decisions/038): the owner of the mailbox, not whoever held a cookie, keeps the account.
 * Answers the user whose password changed, or undefined for an invalid link.
 */
export async function confirmPasswordReset(
  token: string,
  hashPassword: () => Promise<string>,
  client: AuditClient,
): Promise<UserItem | undefined> {
  const found = await findTokenOwner(token, 'password-reset');
  if (!found) return undefined;
  const { user } = found;
  // A link mailed before single sign-on was required sets no password now (docs/decisions/059).
  const org = await getItem(organizationKeys.organization(user.orgId), { consistentRead: true });
  if (!org || (await memberAddressRequiresSso(org, user.username, user.id))) return undefined;
  const passwordHash = await hashPassword();
  const removesMfa = isUnconfirmedNewMfa(user, clockNow().getTime());
  const context = { actor: user, client };
  const reset = await conditionHeld(
    transactWrite([
      // Removing the app is pinned to the app and passkeys as read: they decide whether the member is left without a factor.
      ...(removesMfa
        ? spendMailToken(
            found,
            { passwordHash, ...TURNED_OFF.set },
            TURNED_OFF.remove,
            undefined,
            bothHold(appStateIs(true), passkeyStateIs(hasPasskey(user))),
          )
        : spendMailToken(found, { passwordHash })),
      outboxPut(user.username, { template: 'password-changed', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'user.password_reset', target: userTarget(user) }),
      ...(removesMfa
        ? [
            outboxPut(user.username, { template: 'mfa-removed-by-password-reset', data: { fullName: user.fullName } }),
            auditPut(context, { action: 'mfa.disabled', target: userTarget(user), details: { by: 'password-reset' } }),
            ...factorChangeCounted(user.orgId, { hasFactor: true }, { hasFactor: hasPasskey(user) }),
          ]
        : []),
    ]),
  );
  // Not reset: used by a concurrent confirm, or voided by a newer request, since we read it.
  return reset ? user : undefined;
}
