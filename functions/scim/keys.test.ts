import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { scimKeys } from './keys';

describe('the key strings stored items carry', () => {
  pinBuilders('scimKeys', scimKeys, {
    usersPageCursor: [['o1', 101], { PK: 'ORG#o1#SCIM_CURSOR', SK: 'USERS_AT#101' }],
  });
});
