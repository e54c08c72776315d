import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { avatarKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('avatarKeys', avatarKeys, {
    avatar: [['u1'], { PK: 'USER#u1', SK: 'AVATAR' }],
  });
});
