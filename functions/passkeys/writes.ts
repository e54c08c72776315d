import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_PASSKEYS, TOO_MANY_PASSKEYS } from '../../shared/schemas/passkeys';
import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld, transactWrite, transactWriteExplained } from '../db/transactions';
import { bothHold, updateExpression } from '../db/update-expression';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { outboxPut } from '../mailer/outbox';
import { appStateIs, factorChangeCounted, factorStateIs } from '../organization/members-without-two-factor';
import { type UserItem, hasTwoFactor } from '../user/item';
import { userKeys } from '../user/keys';
import type { PasskeyItem } from './item';
import { passkeyKeys } from './keys';
import { FACTORS_CHANGED, PASSKEY_NOT_FOUND } from './messages';
import { listPasskeys } from './reads';

/**
 * The user's passkeys (docs/decisions/046). Adding and removing one keeps `passkeyCount` on the user
 * item in the same transaction, with its mail and audit entry: the session check, which reads the
 * user anyway, knows whether a passkey stands as the member's second factor.
 */

/** Stores a new passkey of the acting user, with its mail and audit entry; refused past MAX_PASSKEYS or when the credential is known. */
export async function addPasskey(context: WriteContext<UserItem>, passkey: PasskeyItem) {
  const user = context.actor;
  await transactWriteExplained(
    [
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...passkeyKeys.passkey(user.id, passkey.credentialId), ...passkey },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(
            { add: { passkeyCount: 1 } },
            // The factors as read decide whether this is the member's first.
            bothHold(
              {
                expression: 'attribute_exists(PK) AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)',
                values: { ':max': MAX_PASSKEYS },
              },
              factorStateIs(hasTwoFactor(user)),
            ),
          ),
        },
      },
      outboxPut(user.username, { template: 'passkey-added', data: { fullName: user.fullName, passkeyName: passkey.name } }),
      auditPut(context, { action: 'passkey.added', target: userTarget(user), details: { passkey: passkey.name } }),
      ...factorChangeCounted(user.orgId, { hasFactor: hasTwoFactor(user) }, { hasFactor: true }),
    ],
    (failed) => {
      if (failed.has(0)) return new Conflict('This passkey is already added.');
      // Full when read (the handler refuses that first), or a factor added or removed meanwhile.
      return (user.passkeyCount ?? 0) >= MAX_PASSKEYS ? new Refused('invalid', TOO_MANY_PASSKEYS) : new Conflict(FACTORS_CHANGED);
    },
  );
}

/** Removes one of the acting user's passkeys, with its mail and audit entry. */
export async function removePasskey(context: WriteContext<UserItem>, passkeyId: string) {
  const user = context.actor;
  // The API names a passkey by our id, the key by the credential's: the user's few passkeys are one Query.
  const passkeys = await listPasskeys(user.id);
  const passkey = passkeys.find((candidate) => candidate.id === passkeyId);
  if (!passkey) throw new NotFound(PASSKEY_NOT_FOUND);
  const appOn = user.mfaEnabled === true;
  const lastFactor = !appOn && passkeys.length === 1;
  const keptFactor = appOn
    ? appStateIs(true)
    : bothHold(appStateIs(false), { expression: 'passkeyCount > :one', values: { ':one': 1 } });
  await transactWriteExplained(
    [
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: passkeyKeys.passkey(user.id, passkey.credentialId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      // The app and the passkeys as read decide whether this was the member's last factor.
      {
        Update: {
          TableName: TABLE_NAME,
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(
            { add: { passkeyCount: -1 } },
            lastFactor ? bothHold(appStateIs(false), { expression: 'passkeyCount = :one', values: { ':one': 1 } }) : keptFactor,
          ),
        },
      },
      outboxPut(user.username, { template: 'passkey-removed', data: { fullName: user.fullName, passkeyName: passkey.name } }),
      auditPut(context, { action: 'passkey.removed', target: userTarget(user), details: { passkey: passkey.name } }),
      ...factorChangeCounted(user.orgId, { hasFactor: true }, { hasFactor: !lastFactor }),
    ],
    // Removed by a concurrent request since it was read, or the member's factors changed meanwhile.
    (failed) => (failed.has(0) ? new NotFound(PASSKEY_NOT_FOUND) : new Conflict(FACTORS_CHANGED)),
  );
}

/**
 * Records a sign-in's use: the new counter and backup state, only if the counter is still the one
 * the answer was checked against, so two answers racing cannot both move it. False otherwise.
 */
export async function recordPasskeyUse(passkey: PasskeyItem, counter: number, backedUp: boolean): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: passkeyKeys.passkey(passkey.userId, passkey.credentialId),
        ...updateExpression(
          { set: { counter, backedUp, lastUsedAt: clockNow().toISOString() } },
          {
            expression: 'attribute_exists(PK) AND #counter = :seen',
            names: { '#counter': 'counter' },
            values: { ':seen': passkey.counter },
          },
        ),
      }),
    ),
  );
}

/**
 * An answer signed by the passkey's key whose counter did not move forward: the key has been copied
 * (WebAuthn §7.2 step 22). The sign-in is refused; the owner is told, and the organization's log keeps it.
 */
export async function reportClonedPasskey(context: WriteContext<UserItem>, passkey: PasskeyItem, counter: number) {
  const user = context.actor;
  await transactWrite([
    outboxPut(user.username, { template: 'passkey-cloned', data: { fullName: user.fullName, passkeyName: passkey.name } }),
    auditPut(context, {
      action: 'session.sign_in_failed',
      target: userTarget(user),
      details: { reason: 'passkey_counter_went_back', passkey: passkey.name, counter, expected: passkey.counter },
    }),
  ]);
}
