import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type TransactItem, conditionHeld, transactWrite, transactWriteExplained } from '../db/transactions';
import { type Changes, type Condition, bothHold, updateExpression } from '../db/update-expression';
import { Conflict, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { outboxPut } from '../mailer/outbox';
import { organizationKeys } from '../organization/keys';
import { appStateIs, factorChangeCounted, passkeyStateIs } from '../organization/members-without-two-factor';
import { actorIsAdmin } from '../organization-users/writes';
import { passkeyKeys } from '../passkeys/keys';
import { listPasskeys } from '../passkeys/reads';
import { type UserItem, hasPasskey } from '../user/item';
import { userKeys } from '../user/keys';
import { CHANGED_MEANWHILE, MFA_ALREADY_ON, NO_SETUP, REQUIREMENT_NEEDS_OWN_MFA } from './messages';

/**
 * Two-factor state on the user item (docs/decisions/016). Every change is conditional on what the
 * decision rested on, and writes its mail (the outbox) and its audit entry in the same transaction:
 * no mail or entry without the change, no change without them.
 */

const IS_ON = 'mfaEnabled = :true';
const IS_OFF = '(attribute_not_exists(mfaEnabled) OR mfaEnabled = :false)';
/** Two-factor is on and `timeStep` is newer than every step used: a replayed code cannot pass. */
const newerStep = (timeStep: number): Condition => ({
  expression: `${IS_ON} AND (attribute_not_exists(mfaLastTimeStep) OR mfaLastTimeStep < :step)`,
  values: { ':true': true, ':step': timeStep },
});
/** Turning two-factor off removes the secret, any half-done setup, the replay mark and the recovery codes. */
export const TURNED_OFF: Changes = {
  set: { mfaEnabled: false },
  remove: ['mfaSecret', 'mfaPendingSecret', 'mfaLastTimeStep', 'mfaRecoveryCodes', 'mfaEnabledAt', 'mfaSignedInAt'],
};

/** Keeps the (encrypted) secret being set up until a code of it enables two-factor; a new setup replaces it. */
export async function storePendingSecret(user: UserItem, encryptedSecret: string) {
  const stored = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: userKeys.user(user.orgId, user.id),
        ...updateExpression(
          { set: { mfaPendingSecret: encryptedSecret } },
          { expression: `attribute_exists(PK) AND ${IS_OFF}`, values: { ':false': false } },
        ),
      }),
    ),
  );
  if (!stored) throw new Conflict(MFA_ALREADY_ON);
}

/**
 * Turns two-factor on with the secret being set up (still the one the code was checked against),
 * the step of that code as the newest used, and the recovery codes' hashes; sends the mail.
 */
export async function enableMfa(
  context: WriteContext<UserItem>,
  pendingSecret: string,
  timeStep: number,
  recoveryHashes: Set<string>,
) {
  const user = context.actor;
  await transactWriteExplained(
    [
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(
            {
              set: {
                mfaEnabled: true,
                mfaSecret: pendingSecret,
                mfaLastTimeStep: timeStep,
                mfaRecoveryCodes: recoveryHashes,
                mfaEnabledAt: clockNow().getTime(),
              },
              remove: ['mfaPendingSecret', 'mfaSignedInAt'],
            },
            // The passkeys as read decide whether this is the member's first factor.
            bothHold(
              { expression: `mfaPendingSecret = :secret AND ${IS_OFF}`, values: { ':secret': pendingSecret, ':false': false } },
              passkeyStateIs(hasPasskey(user)),
            ),
          ),
        },
      },
      outboxPut(user.username, { template: 'mfa-enabled', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'mfa.enabled', target: userTarget(user) }),
      ...factorChangeCounted(user.orgId, { hasFactor: hasPasskey(user) }, { hasFactor: true }),
    ],
    // Enabled or set up again by a concurrent request since we read the user.
    () => new Refused('invalid', NO_SETUP, { code: NO_SETUP }),
  );
}

/**
 * Records the time step of a code just accepted: only if it is newer than every step used before,
 * so two requests racing with the same code cannot both pass. False when it was not newer. A
 * sign-in's code (after the password) also marks the factor as passed by a sign-in; a step-up's
 * does not: a cookie thief holding the factor they put there could give that.
 */
export async function claimTimeStep(
  user: UserItem,
  timeStep: number,
  purpose: 'sign-in' | 'step-up' = 'sign-in',
): Promise<boolean> {
  const set =
    purpose === 'sign-in' ? { mfaLastTimeStep: timeStep, mfaSignedInAt: clockNow().getTime() } : { mfaLastTimeStep: timeStep };
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: userKeys.user(user.orgId, user.id),
        ...updateExpression({ set }, newerStep(timeStep)),
      }),
    ),
  );
}

/** Uses up one recovery code in a sign-in (its hash leaves the set; the factor counts as passed) and sends the mail; false when no unused code has that hash. */
export async function useRecoveryCode(context: WriteContext, user: UserItem, hash: string): Promise<boolean> {
  const remaining = Math.max(0, (user.mfaRecoveryCodes?.size ?? 1) - 1);
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(
            { delete: { mfaRecoveryCodes: new Set([hash]) }, set: { mfaSignedInAt: clockNow().getTime() } },
            { expression: `${IS_ON} AND contains(mfaRecoveryCodes, :hash)`, values: { ':true': true, ':hash': hash } },
          ),
        },
      },
      outboxPut(user.username, { template: 'mfa-recovery-code-used', data: { fullName: user.fullName, remaining } }),
      auditPut(context, { action: 'mfa.recovery_code_used', target: userTarget(user) }),
    ]),
  );
}

/**
 * Replaces the recovery codes with new ones (their hashes) while two-factor is on, and sends the
 * mail: the old codes stop working at once. False when two-factor is off.
 */
export async function replaceRecoveryCodes(context: WriteContext, recoveryHashes: Set<string>): Promise<boolean> {
  const user = context.actor;
  return conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression({ set: { mfaRecoveryCodes: recoveryHashes } }, { expression: IS_ON, values: { ':true': true } }),
        },
      },
      outboxPut(user.username, { template: 'mfa-recovery-codes-regenerated', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'mfa.recovery_codes_regenerated', target: userTarget(user) }),
    ]),
  );
}

/**
 * Turns two-factor off with a code of `timeStep` (newer than every step used: a replayed code
 * cannot do it) and sends the mail. False when the step was used meanwhile or two-factor is off.
 */
export async function disableMfa(context: WriteContext<UserItem>, timeStep: number): Promise<boolean> {
  const user = context.actor;
  return conditionHeld(
    transactWrite([
      // The passkeys as read decide whether the member is left without a factor.
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(TURNED_OFF, bothHold(newerStep(timeStep), passkeyStateIs(hasPasskey(user)))),
        },
      },
      outboxPut(user.username, { template: 'mfa-disabled', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'mfa.disabled', target: userTarget(user) }),
      ...factorChangeCounted(user.orgId, { hasFactor: true }, { hasFactor: hasPasskey(user) }),
    ]),
  );
}

/**
 * An admin resets another user's two-factor: it is off and their passkeys are gone, they set it up again at their next
 * sign-in (and at once if their organization requires it). The target must be of the admin's
 * organization (else 404) and the actor still an admin when it happens.
 */
export async function resetMfa(context: WriteContext, target: UserItem) {
  const { actor } = context;
  // A passkey is a factor too (docs/decisions/056): a member who lost the device holding it is let in
  // the same way. The user's passkeys are few (at most 10), and the count is the one read with them,
  // so one added meanwhile fails the transaction rather than outliving the reset.
  const passkeys = await listPasskeys(target.id);
  const countIs: Condition =
    passkeys.length === 0
      ? {
          expression: 'attribute_exists(PK) AND (attribute_not_exists(passkeyCount) OR passkeyCount = :zero)',
          values: { ':zero': 0 },
        }
      : { expression: 'attribute_exists(PK) AND passkeyCount = :count', values: { ':count': passkeys.length } };
  const items: TransactItem[] = [
    actorIsAdmin(actor),
    // The app's state as read decides, with the passkeys, whether the member had a factor to lose.
    {
      Update: {
        TableName: TABLE_NAME,
        Key: userKeys.user(actor.orgId, target.id),
        ...updateExpression(
          { ...TURNED_OFF, remove: [...(TURNED_OFF.remove ?? []), 'passkeyCount'] },
          bothHold(countIs, appStateIs(target.mfaEnabled === true)),
        ),
      },
    },
    ...passkeys.map((passkey): TransactItem => ({
      Delete: { TableName: TABLE_NAME, Key: passkeyKeys.passkey(target.id, passkey.credentialId) },
    })),
    outboxPut(target.username, { template: 'mfa-reset', data: { fullName: target.fullName, resetByName: actor.fullName } }),
    auditPut(context, {
      action: 'mfa.reset',
      target: userTarget(target),
      ...(passkeys.length > 0 ? { details: { passkeysRemoved: passkeys.length } } : {}),
    }),
    ...factorChangeCounted(actor.orgId, { hasFactor: target.mfaEnabled === true || passkeys.length > 0 }, { hasFactor: false }),
  ];
  // The target was read just before: their user item failing is a factor added or removed meanwhile.
  await transactWriteExplained(items, (failed) =>
    failed.has(0) ? new Refused('not-allowed', ADMINS_ONLY) : new Conflict(CHANGED_MEANWHILE),
  );
}

/**
 * Turns the organization's requirement on or off. Turning it on needs the acting admin to have
 * a second factor (the app or a passkey) at that moment (a condition of the same transaction): the admin who requires it
 * can always still sign in.
 */
export async function setRequireMfa(context: WriteContext<UserItem>, org: { id: string; name: string }, requireMfa: boolean) {
  const { actor } = context;
  const actorCheck: TransactItem = {
    ConditionCheck: {
      TableName: TABLE_NAME,
      Key: userKeys.user(actor.orgId, actor.id),
      // An authenticator app or a passkey: either lets the admin in once it is required (docs/decisions/056).
      ConditionExpression: requireMfa ? `#role = :admin AND (${IS_ON} OR passkeyCount > :zero)` : '#role = :admin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: requireMfa ? { ':admin': 'admin', ':true': true, ':zero': 0 } : { ':admin': 'admin' },
    },
  };
  await transactWriteExplained(
    [
      actorCheck,
      {
        Update: {
          TableName: TABLE_NAME,
          Key: organizationKeys.organization(actor.orgId),
          ...updateExpression({ set: { requireMfa } }, { expression: 'attribute_exists(PK)' }),
        },
      },
      auditPut(context, {
        action: 'organization.mfa_requirement_changed',
        target: { type: 'organization', id: org.id, label: org.name },
        details: { requireMfa },
      }),
    ],
    (failed) => {
      if (!failed.has(0)) return undefined;
      return requireMfa && actor.role === 'admin'
        ? new Refused('invalid', REQUIREMENT_NEEDS_OWN_MFA, { requireMfa: REQUIREMENT_NEEDS_OWN_MFA })
        : new Refused('not-allowed', ADMINS_ONLY);
    },
  );
}
