import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { scimTokenCollections, scimTokenKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('scimTokenKeys', scimTokenKeys, {
    scimToken: [['o1', 't1'], { PK: 'ORG#o1', SK: 'SCIM_TOKEN#t1' }],
  });
  pinBuilders('scimTokenCollections', scimTokenCollections, {
    scimTokensOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'SCIM_TOKEN#' }],
  });
});
