import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { verifyPassword } from '../security/passwords';
import type { EmailItem } from '../user/item';
import { userKeys } from '../user/keys';
import { loadUserWithOrganization } from '../user/reads';

// No account has these ids (ids are ULIDs): an unknown address reads their absent user and organization.
const NO_ACCOUNT = 'no-account';

/**
 * A password checked against the address's account with the same work whether the address has one or
 * not (docs/decisions/096): the same BatchGetItem (for an unknown address, of a user and an
 * organization nobody has) and one bcrypt comparison, with the account's hash or the dummy hash of
 * security/passwords.ts. Skipping either for an unknown address made its answer 150 to 350 ms faster
 * (issue 63, finding 2).
 */
export async function checkPassword(emailItem: EmailItem | undefined, password: string) {
  const account = await loadUserWithOrganization(emailItem?.orgId ?? NO_ACCOUNT, emailItem?.userId ?? NO_ACCOUNT);
  const valid = await verifyPassword(password, account?.user.passwordHash);
  return account && valid ? { account, valid: true as const } : { account, valid: false as const };
}

/**
 * What an unknown address's wrong password writes where a known one's writes its audit entry: a
 * one-item share of the same TransactWriteItems, a check that always holds on the address's email key,
 * so both answers pay a transactional write (the failure belongs to no organization's log, 016b).
 */
export const unknownAddressFailure = (email: string): TransactItem => ({
  ConditionCheck: {
    TableName: TABLE_NAME,
    Key: userKeys.email(email),
    ConditionExpression: 'attribute_not_exists(PK) OR attribute_exists(PK)',
  },
});
