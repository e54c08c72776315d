import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import type { BillingItem } from './item';
import { billingKeys } from './keys';

export const preloadBilling = ({ orgId }: { orgId: string }) => billingKeys.billing(orgId);

/** The billing item as stored (partial when linked before any subscription event; absent before billing state existed). */
export async function storedBilling(orgId: string): Promise<Partial<BillingItem> | undefined> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: billingKeys.billing(orgId), ConsistentRead: true }));
  return out.Item as Partial<BillingItem> | undefined;
}

/** The organization a Stripe customer was linked to, if any. */
export async function organizationOfCustomer(customerId: string): Promise<string | undefined> {
  const out = await db.send(
    new GetCommand({ TableName: TABLE_NAME, Key: billingKeys.stripeCustomer(customerId), ConsistentRead: true }),
  );
  return (out.Item as { orgId?: string } | undefined)?.orgId;
}
