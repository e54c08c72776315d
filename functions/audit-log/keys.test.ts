import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { auditActorKey, auditLogCollections, auditLogKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('auditLogKeys', auditLogKeys, {
    auditEntry: [['o1', 'e1'], { PK: 'AUDIT#o1', SK: 'ENTRY#e1' }],
  });
  pinBuilders('auditLogCollections', auditLogCollections, {
    auditOfOrganization: [['o1'], { PK: 'AUDIT#o1', prefix: 'ENTRY#' }],
  });

  it('keeps the index keys of the audit log', () => {
    expect(auditActorKey('o1', 'u1')).toBe('AUDIT#o1#ACTOR#u1');
  });
});
