import type { TransactItem } from '../db/transactions';
import { type Condition, bothHold } from '../db/update-expression';
import { changeEventPut } from '../events/change-event';

/**
 * `membersWithoutTwoFactor` on the organization item: how many members have neither the
 * authenticator app nor a passkey, which the 'Require two-factor' dialog names (docs/decisions/054).
 * A member's arrival or removal puts its move in its event (memberCounted); a change of a member's factors puts the move in an event that the stream
 * consumer adds, counted once (docs/decisions/032). Each write is conditional on the factor state
 * its move was worked out from, so two concurrent changes cannot count one person twice.
 */
export const MEMBERS_WITHOUT_TWO_FACTOR = 'membersWithoutTwoFactor';

/** The figures the stream consumer adds to the organization item rather than to the projects' figures item. */
export const ORGANIZATION_FIGURES: readonly string[] = [MEMBERS_WITHOUT_TWO_FACTOR, 'userCount'];

/** The user item still has (or still has not) the authenticator app on, as read. */
export function appStateIs(on: boolean): Condition {
  return on
    ? { expression: 'mfaEnabled = :factorOn', values: { ':factorOn': true } }
    : { expression: '(attribute_not_exists(mfaEnabled) OR mfaEnabled = :factorOff)', values: { ':factorOff': false } };
}

/** The user item still has (or still has not) a passkey, as read. */
export function passkeyStateIs(has: boolean): Condition {
  return has
    ? { expression: 'passkeyCount > :noPasskeys', values: { ':noPasskeys': 0 } }
    : { expression: '(attribute_not_exists(passkeyCount) OR passkeyCount = :noPasskeys)', values: { ':noPasskeys': 0 } };
}

/** The user item still has (or still has not) a second factor, as read. */
export function factorStateIs(hasFactor: boolean): Condition {
  return hasFactor
    ? { expression: '(mfaEnabled = :factorOn OR passkeyCount > :noPasskeys)', values: { ':factorOn': true, ':noPasskeys': 0 } }
    : bothHold(appStateIs(false), passkeyStateIs(false));
}

/**
 * The event for a change of one member's factors: +1 when they end with none, −1 when they got their
 * first, nothing when it moves nothing.
 */
export function factorChangeCounted(
  orgId: string,
  before: { hasFactor: boolean },
  after: { hasFactor: boolean },
): TransactItem[] {
  const delta = Number(before.hasFactor) - Number(after.hasFactor);
  return changeEventPut(orgId, [], undefined, { [MEMBERS_WITHOUT_TWO_FACTOR]: delta });
}
