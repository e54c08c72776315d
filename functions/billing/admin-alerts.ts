import { getItem } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { changeEventPut } from '../events/change-event';
import { outboxPut } from '../mailer/outbox';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from '../user/item';
import { adminsOfOrganization } from '../user/reads';
import { PAYMENT_FAILED, trialEndingSoon } from './billing-notifications';

/**
 * A transaction holds at most 100 writes: each alerted admin takes one (the mail's outbox item)
 * beside the one notification event, the effect itself at most ten. An organization with more
 * admins alerts the first ones.
 */
const MAX_ALERTED_ADMINS = 30;

interface BillingAdmins {
  organizationName: string;
  admins: Pick<UserItem, 'id' | 'username' | 'fullName'>[];
}

/** The organization's admins (and its name, for the mail): its item and its users, read at once. */
export async function billingAdmins(orgId: string): Promise<BillingAdmins> {
  const [org, admins] = await Promise.all([
    getItem<OrganizationItem>(organizationKeys.organization(orgId)),
    adminsOfOrganization(orgId, MAX_ALERTED_ADMINS),
  ]);
  return { organizationName: org?.name ?? 'your organization', admins };
}

/**
 * The in-app notifications (one event, fanned out from the stream) and the mail (an outbox item)
 * for every admin, for the effect's own transaction: the alert exists exactly when the effect does.
 */
export function paymentFailedAlert(orgId: string, to: BillingAdmins): TransactItem[] {
  return [
    ...changeEventPut(
      orgId,
      to.admins.map((admin) => admin.id),
      PAYMENT_FAILED,
    ),
    ...to.admins.map((admin) =>
      outboxPut(admin.username, {
        template: 'payment-failed',
        data: { fullName: admin.fullName, organizationName: to.organizationName },
      }),
    ),
  ];
}

export function trialEndingAlert(orgId: string, to: BillingAdmins, trialEnd: string | null): TransactItem[] {
  return [
    ...changeEventPut(
      orgId,
      to.admins.map((admin) => admin.id),
      trialEndingSoon(trialEnd),
    ),
    ...to.admins.map((admin) =>
      outboxPut(admin.username, {
        template: 'trial-ending',
        data: { fullName: admin.fullName, organizationName: to.organizationName, trialEnd },
      }),
    ),
  ];
}
