import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { commentCollections, commentKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('commentKeys', commentKeys, {
    comment: [['o1', 'p1', 'c1'], { PK: 'ORG#o1', SK: 'COMMENT#p1#c1' }],
  });
  pinBuilders('commentCollections', commentCollections, {
    commentsOfProject: [['o1', 'p1'], { PK: 'ORG#o1', prefix: 'COMMENT#p1#' }],
  });
});
