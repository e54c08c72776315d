import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { digestIndexKeys, digestOwnerOf, digestWeekKey, notificationCollections, notificationKeys } from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('notificationKeys', notificationKeys, {
    notification: [['u1', 'n1'], { PK: 'USER#u1', SK: 'NOTIFICATION#n1' }],
    mentionMails: [['u1'], { PK: 'USER#u1', SK: 'MENTION_MAILS' }],
    weeklyDigestMark: [['u1', '2026-01-05'], { PK: 'USER#u1', SK: 'DIGEST#2026-01-05' }],
  });
  pinBuilders('notificationCollections', notificationCollections, {
    notificationsOfUser: [['u1'], { PK: 'USER#u1', prefix: 'NOTIFICATION#' }],
  });

  it('keeps the index keys of the weekly digest', () => {
    expect(digestIndexKeys('o1', 'u1', 'n1', '2026-01-05', 4)).toEqual({
      digestKey: 'DIGEST#2026-01-05#2',
      digestSort: 'o1#u1#n1',
    });
    expect(digestWeekKey('2026-01-05', 3)).toBe('DIGEST#2026-01-05#3');
    expect(digestOwnerOf('o1#u1#n1')).toEqual({ orgId: 'o1', userId: 'u1' });
  });
});
