import { type AuditClient, auditPut, userTarget } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { batchGet, getItem, keyId } from '../db/reads';
import { conditionHeld, transactWrite, transactWriteExplained } from '../db/transactions';
import { bothHold, updateExpression } from '../db/update-expression';
import type { Mail } from '../mailer/mail';
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
 * A reset request: one BatchGetItem (both throttle counters) and one TransactWriteItems (the
 * counters and the request's outbox item). The account is looked up only when the mailer sends
 * (resolvePasswordResetRequest; docs/decisions/098), so a known and an unknown address cost the
 * same reads and writes: neither the answer nor its time tells whether an account exists.
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
  const found = await batchGet([addressKey, clientKey], { consistentRead: true });
  const addressCount = found.get(keyId(addressKey)) as FixedWindowItem | undefined;
  const clientCount = found.get(keyId(clientKey)) as FixedWindowItem | undefined;
  const waits = [fixedWindowRetryAfter(perAddress, addressCount, now), fixedWindowRetryAfter(perClient, clientCount, now)].filter(
    (wait) => wait !== undefined,
  );
  if (waits.length > 0) return { retryAfter: Math.max(...waits) };
  const address = email.trim();
  await conditionHeld(
    transactWriteExplained(
      [
        fixedWindowCount(perAddress, email, addressCount, now),
        fixedWindowCount(perClient, clientIp, clientCount, now),
        outboxPut(address, { template: 'password-reset-request', data: { address } }),
      ],
      (failed) => windowMoved(failed, [0, 1]),
    ),
  );
  return {};
}

/**
 * The mailer's side of a request (DeferredMailResolvers): for an address no account holds, no mail;
 * where single sign-on is required (docs/decisions/059), where to sign in instead; otherwise a new
 * link, its token and the user's newest token hash written first (a newer request voids older links).
 */
export async function resolvePasswordResetRequest(
  { data: { address } }: { data: { address: string } },
  now: number,
): Promise<{ to: string; mail: Mail } | undefined> {
  const emailKey = userKeys.email(address);
  const claimKey = claimKeyOf(address);
  const found = await batchGet([emailKey, ...(claimKey ? [claimKey] : [])], { consistentRead: true });
  const account = found.get(keyId(emailKey)) as EmailItem | undefined;
  if (!account) return undefined;
  // To the address the account holds, not as typed: the key matched it case-insensitively.
  const to = account.username ?? address;
  const requiring = await organizationRequiringSso(claimKey && (found.get(keyId(claimKey)) as SsoDomainClaimItem | undefined));
  if (passwordRefusedBySso(requiring, account)) return { to, mail: { template: 'password-reset-by-sso', data: { address: to } } };
  const { token, hash } = newMailToken();
  const written = await conditionHeld(
    transactWrite([
      mailTokenPut(hash, 'password-reset', account, PASSWORD_RESET_LIFETIME_MS, now),
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(account.orgId, account.userId),
          ...updateExpression({ set: { passwordResetTokenHash: hash } }, { expression: 'attribute_exists(PK)' }),
        },
      },
    ]),
  );
  // The account was removed since the read: it has no password to reset.
  return written ? { to, mail: { template: 'password-reset', data: { token } } } : undefined;
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
  /** The new password's hash, given the account (its checks may refuse it: nothing is written then). */
  hashPassword: (user: UserItem) => Promise<string>,
  client: AuditClient,
): Promise<UserItem | undefined> {
  const found = await findTokenOwner(token, 'password-reset');
  if (!found) return undefined;
  const { user } = found;
  // A link mailed before single sign-on was required sets no password now (docs/decisions/059).
  const org = await getItem(organizationKeys.organization(user.orgId), { consistentRead: true });
  if (!org || (await memberAddressRequiresSso(org, user.username, user.id))) return undefined;
  const passwordHash = await hashPassword(user);
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
