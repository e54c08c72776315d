import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { mailerKeys, outboxDueKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('mailerKeys', mailerKeys, {
    outbox: [['m1'], { PK: 'OUTBOX#m1', SK: 'OUTBOX' }],
  });

  it('keeps the index keys of the outbox', () => {
    expect(outboxDueKeys('2026-01-02T07', 1767337200000, 'm1')).toEqual({
      digestKey: 'OUTBOX_DUE#2026-01-02T07',
      digestSort: '001767337200000#m1',
    });
  });
});
