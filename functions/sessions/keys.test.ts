import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { sessionCollections, sessionKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('sessionKeys', sessionKeys, {
    session: [['u1', 's1'], { PK: 'USER#u1', SK: 'SESSION#s1' }],
  });
  pinBuilders('sessionCollections', sessionCollections, {
    sessionsOfUser: [['u1'], { PK: 'USER#u1', prefix: 'SESSION#' }],
  });
});
