import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { organizationKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('organizationKeys', organizationKeys, {
    organization: [['o1'], { PK: 'ORG#o1', SK: 'ORG' }],
  });
});
