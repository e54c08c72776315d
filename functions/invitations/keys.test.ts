import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { invitationCollections, invitationKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('invitationKeys', invitationKeys, {
    invitation: [['o1', 'i1'], { PK: 'ORG#o1', SK: 'INVITATION#i1' }],
    invitationEmail: [['o1', ' Ann@Example.com '], { PK: 'ORG#o1', SK: 'INVITATION_EMAIL#ann@example.com' }],
    invitationToken: [['h1'], { PK: 'INVITATION_TOKEN#h1', SK: 'INVITATION_TOKEN' }],
  });
  pinBuilders('invitationCollections', invitationCollections, {
    invitationsOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'INVITATION#' }],
  });
});
