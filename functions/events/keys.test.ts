import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { eventKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('eventKeys', eventKeys, {
    changeEvent: [['e1'], { PK: 'EVENT#e1', SK: 'EVENT' }],
  });
});
