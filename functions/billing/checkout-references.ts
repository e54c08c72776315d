import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { logger } from '../observability/logger';
import { userKeys } from '../user/keys';
import { billingKeys } from './keys';

/**
 * `CHECKOUT_REFERENCE#<reference> / CHECKOUT_REFERENCE`: the pricing table's client_reference_id,
 * made by the server for a signed-in admin. checkout.session.completed links the paying customer to
 * the organization this item names, never to an id the browser chose (docs/decisions/035).
 */
export interface CheckoutReferenceItem {
  type: 'CHECKOUT_REFERENCE';
  orgId: string;
  /** The admin it was made for (kept for the audit trail of a disputed link). */
  userId: string;
  /** Epoch ms: handed out until then; a checkout delivered more than Stripe's retry window later names no organization. */
  expiresAt: number;
  ttl: number;
}

/** As long as a Stripe Checkout session can stay open, so a page left open for a day still works. */
export const CHECKOUT_REFERENCE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Stripe retries a webhook for up to 3 days: a checkout started in time may be delivered that late. */
const DELIVERY_RETRIES_MS = 3 * 24 * 60 * 60 * 1000;

/** 24 random bytes, base64url: 32 characters of the letters, digits, '-' and '_' Stripe allows in a client_reference_id. */
const REFERENCE_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** A new reference for `userId`, an admin of `orgId`. */
export async function createCheckoutReference(orgId: string, userId: string): Promise<{ reference: string; expiresAt: string }> {
  const reference = randomBytes(24).toString('base64url');
  const expiresAt = now().getTime() + CHECKOUT_REFERENCE_LIFETIME_MS;
  const item: CheckoutReferenceItem = {
    type: 'CHECKOUT_REFERENCE',
    orgId,
    userId,
    expiresAt,
    ttl: ttlAt(expiresAt + DELIVERY_RETRIES_MS),
  };
  await db.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...billingKeys.checkoutReference(reference), ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { reference, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The organization a checkout's reference was made for, unless it expired longer ago than Stripe
 * keeps retrying a delivery (the stored times are the functions' clock, Stripe's event times are
 * not: they are never compared); undefined for anything else (an organization id, a forged or
 * expired reference), without a read when it cannot be one of ours. The reference acts with the
 * authority of the admin it was made for, so that is checked again now: one who is no longer an
 * admin of the organization (demoted or removed) links nothing (docs/decisions/038).
 */
export async function organizationOfCheckoutReference(reference: string | null): Promise<string | undefined> {
  if (!reference || !REFERENCE_SHAPE.test(reference)) return undefined;
  const item = await getItem(billingKeys.checkoutReference(reference), { consistentRead: true });
  if (!item || item.expiresAt + DELIVERY_RETRIES_MS < now().getTime()) return undefined;
  const maker = await getItem(userKeys.user(item.orgId, item.userId), { consistentRead: true });
  if (maker?.role !== 'admin') {
    logger.warn('Checkout reference of someone no longer an admin of its organization: nothing linked', { orgId: item.orgId });
    return undefined;
  }
  return item.orgId;
}
