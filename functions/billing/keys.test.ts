import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { billingCollections, billingKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('billingKeys', billingKeys, {
    billing: [['o1'], { PK: 'ORG#o1', SK: 'BILLING' }],
    checkoutReference: [['r1'], { PK: 'CHECKOUT_REFERENCE#r1', SK: 'CHECKOUT_REFERENCE' }],
    stripeCustomer: [['cus1'], { PK: 'STRIPE_CUSTOMER#cus1', SK: 'CUSTOMER' }],
    unmatchedStripeEvent: [['cus1', 'evt1'], { PK: 'STRIPE_CUSTOMER#cus1', SK: 'UNMATCHED#evt1' }],
    stripeEvent: [['evt1'], { PK: 'STRIPE_EVENT#evt1', SK: 'EVENT' }],
    trialEnd: [['2026-01-02', 'o1'], { PK: 'TRIAL_ENDS#2026-01-02', SK: 'ORG#o1' }],
  });
  pinBuilders('billingCollections', billingCollections, {
    unmatchedEventsOfCustomer: [['cus1'], { PK: 'STRIPE_CUSTOMER#cus1', prefix: 'UNMATCHED#' }],
    trialsEndingOn: [['2026-01-02'], { PK: 'TRIAL_ENDS#2026-01-02', prefix: 'ORG#' }],
  });
});
