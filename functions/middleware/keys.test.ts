import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { middlewareKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('middlewareKeys', middlewareKeys, {
    idempotencyRecord: [['h1'], { PK: 'IDEMPOTENCY#h1', SK: 'IDEMPOTENCY' }],
  });
});
