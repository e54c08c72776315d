import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { securityKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('securityKeys', securityKeys, {
    mailToken: [['h1'], { PK: 'TOKEN#h1', SK: 'TOKEN' }],
  });
});
