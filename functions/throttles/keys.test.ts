import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { throttleKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('throttleKeys', throttleKeys, {
    attemptWindow: [['login', 'ann@example.com', 42], { PK: 'ATTEMPTS#login#ann@example.com#42', SK: 'ATTEMPTS' }],
    throttle: [['invite', ' Ann@Example.com '], { PK: 'THROTTLE#invite#ann@example.com', SK: 'THROTTLE' }],
  });
});
