import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { ssoCollections, ssoKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('ssoKeys', ssoKeys, {
    ssoDomain: [['o1', 'example.com'], { PK: 'ORG#o1', SK: 'SSO_DOMAIN#example.com' }],
    ssoDomainClaim: [['example.com'], { PK: 'SSO_DOMAIN#example.com', SK: 'SSO_DOMAIN' }],
    ssoConnection: [['o1'], { PK: 'ORG#o1', SK: 'SSO_CONNECTION' }],
    samlAssertionUsed: [['o1', 'h1'], { PK: 'SAML_ASSERTION#o1#h1', SK: 'SAML_ASSERTION' }],
  });
  pinBuilders('ssoCollections', ssoCollections, {
    ssoDomainsOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'SSO_DOMAIN#' }],
  });
});
