import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { ulid } from 'ulid';
import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { PASSKEY_EXPIRED, PASSKEY_NOT_ADDED } from '../../../shared/schemas/passkeys';
import { now as clockNow } from '../../clock';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { created } from '../../http/response';
import { challengeOf } from '../../passkeys/assertion';
import { takeChallenge } from '../../passkeys/challenges';
import type { PasskeyItem } from '../../passkeys/item';
import { PASSKEY_ALGORITHMS, relyingParty } from '../../passkeys/relying-party';
import { addPasskey } from '../../passkeys/writes';

/**
 * POST /api/user/passkeys {response, name} (step-up): the authenticator's answer to this user's
 * creation options. The challenge is used up first (a replay is 400); the answer's origin, relying
 * party, user verification and key are checked by the library; the passkey is stored with a mail
 * and an audit entry. 201 with the passkey.
 */
export const handler = defineRoute(passkeyEndpoints.add, async (request) => {
  const { body, session } = request;
  const challenge = await takeChallenge(challengeOf(body.response), 'register');
  if (!challenge || challenge.userId !== session.user.id) throw badRequest(PASSKEY_EXPIRED);
  const rp = relyingParty();
  const checked = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  }).catch(() => undefined);
  if (!checked?.verified) throw badRequest(PASSKEY_NOT_ADDED);
  const { credential, credentialDeviceType, credentialBackedUp } = checked.registrationInfo;
  const passkey: PasskeyItem = {
    type: 'PASSKEY',
    id: ulid(),
    credentialId: credential.id,
    userId: session.user.id,
    orgId: session.user.orgId,
    name: body.name,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: clockNow().toISOString(),
  };
  await addPasskey(writeContext(session.user, request), passkey);
  return created({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt });
});
