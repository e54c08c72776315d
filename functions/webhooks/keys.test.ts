import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { WEBHOOK_DUE_PREFIX, dueDeliveryOf, dueEntryId, webhookCollections, webhookKeys } from './keys';

describe('the key strings stored items carry', () => {
  pinBuilders('webhookKeys', webhookKeys, {
    webhook: [['o1', 'w1'], { PK: 'ORG#o1', SK: 'WEBHOOK#w1' }],
    delivery: [['o1', 'w1', 'd1'], { PK: 'ORG#o1#WEBHOOK#w1', SK: 'DELIVERY#d1' }],
  });
  pinBuilders('webhookCollections', webhookCollections, {
    webhooksOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'WEBHOOK#' }],
    deliveriesOfWebhook: [['o1', 'w1'], { PK: 'ORG#o1#WEBHOOK#w1', prefix: 'DELIVERY#' }],
  });

  it('names a pending delivery in the due index by its whole key, under its own prefix', () => {
    expect(WEBHOOK_DUE_PREFIX).toBe('WEBHOOK_DUE#');
    expect(dueEntryId({ orgId: 'o1', webhookId: 'w1', id: 'd1' })).toBe('o1.w1.d1');
    expect(dueDeliveryOf('o1.w1.d1')).toEqual({ orgId: 'o1', webhookId: 'w1', deliveryId: 'd1' });
    expect(dueDeliveryOf('o1.w1')).toBeUndefined();
  });
});
