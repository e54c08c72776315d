import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { passkeyCollections, passkeyKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('passkeyKeys', passkeyKeys, {
    passkey: [['u1', 'cred1'], { PK: 'USER#u1', SK: 'PASSKEY#cred1' }],
    webAuthnChallenge: [['ch1'], { PK: 'WEBAUTHN_CHALLENGE#ch1', SK: 'WEBAUTHN_CHALLENGE' }],
  });
  pinBuilders('passkeyCollections', passkeyCollections, {
    passkeysOfUser: [['u1'], { PK: 'USER#u1', prefix: 'PASSKEY#' }],
  });
});
