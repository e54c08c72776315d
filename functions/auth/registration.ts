import { trialBilling } from '../billing/item';
import { registeredTrialPut } from '../billing/trial-ends';
import { trialBillingPut } from '../billing/writes';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { conditionHeld, transactWrite } from '../db/transactions';
import { Conflict } from '../domain/errors';
import { verificationForNewUser } from '../email-verification/writes';
import { type OrganizationItem, newOrganization } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { type UserItem, newUser } from '../user/item';
import { EMAIL_TAKEN } from '../user/messages';
import { userPuts } from '../user/writes';

/**
 * Registration: the organization, its first user (admin), the email-uniqueness item and the
 * verification mail (its token and outbox item) and the subscription state (a trial) in one
 * transaction; a taken email (any case) cancels all of it, mail included, and is 409.
 */
export async function createOrganizationWithAdmin(input: {
  organizationName: string;
  plan: string;
  billingCycle: string;
  username: string;
  fullName: string;
  passwordHash: string;
}): Promise<{ org: OrganizationItem; user: UserItem }> {
  const now = clockNow().toISOString();
  const org = newOrganization({
    name: input.organizationName,
    plan: input.plan,
    billingCycle: input.billingCycle,
    createdAt: now,
  });
  const user = newUser({
    orgId: org.id,
    username: input.username,
    fullName: input.fullName,
    role: 'admin',
    passwordHash: input.passwordHash,
    emailVerified: false,
    createdAt: now,
  });
  const verification = verificationForNewUser(user);
  user.emailVerificationTokenHash = verification.hash;
  const trial = trialBilling(org.id, org.plan, org.billingCycle, new Date(now));
  const registered = await conditionHeld(
    transactWrite([
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...organizationKeys.organization(org.id), ...org },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...userPuts(user, { registration: true }),
      ...verification.items,
      trialBillingPut(trial),
      registeredTrialPut(org.id, trial.trialEnd!),
    ]),
  );
  if (!registered) throw new Conflict(EMAIL_TAKEN);
  return { org, user };
}
