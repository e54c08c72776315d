import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { authKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('authKeys', authKeys, {
    pendingSignIn: [['u1', 'p1'], { PK: 'USER#u1', SK: 'MFA_PENDING#p1' }],
    signInCode: [['c1'], { PK: 'SIGNIN_CODE#c1', SK: 'SIGNIN_CODE' }],
  });
});
