import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { roleKeyPrefix, userCollections, userIndexKeys, userKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('userKeys', userKeys, {
    user: [['o1', 'u1'], { PK: 'ORG#o1', SK: 'USER#u1' }],
    email: [[' Ann@Example.COM '], { PK: 'EMAIL#ann@example.com', SK: 'EMAIL' }],
    userWord: [['o1', 'ann', 'u1'], { PK: 'ORG#o1#USER_WORDS', SK: 'ann\u0001u1' }],
  });
  pinBuilders('userCollections', userCollections, {
    usersOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'USER#' }],
    userWordsBeginning: [['o1', 'spr'], { PK: 'ORG#o1#USER_WORDS', prefix: 'spr' }],
  });

  it('keeps the index keys of users', () => {
    expect(userIndexKeys({ id: 'u1', fullName: 'Ann Lee', username: ' Ann@Example.com ', role: 'admin' })).toEqual({
      userNameKey: 'ann lee\u0001u1',
      userEmailKey: 'ann@example.com',
      userRoleKey: 'admin\u0001ann lee\u0001u1',
    });
    expect(roleKeyPrefix('member')).toBe('member\u0001');
  });
});
