import { generateRegistrationOptions } from '@simplewebauthn/server';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { MAX_PASSKEYS, TOO_MANY_PASSKEYS } from '../../../shared/schemas/passkeys';
import { Refused } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { storeChallenge } from '../../passkeys/challenges';
import { listPasskeys } from '../../passkeys/reads';
import { PASSKEY_ALGORITHMS, relyingParty } from '../../passkeys/relying-party';

/**
 * POST /api/user/passkeys/options (step-up): the options for the browser's navigator.credentials.create.
 * A discoverable credential with user verification (so it can sign in alone), no attestation (we
 * trust the user's choice of authenticator, not its maker), the user's passkeys excluded (one per
 * authenticator). The challenge is stored for this user, single use, 5 minutes.
 */
export const handler = defineRoute(passkeyEndpoints.registrationOptions, async ({ session }) => {
  const { user } = session;
  if ((user.passkeyCount ?? 0) >= MAX_PASSKEYS) throw new Refused('invalid', TOO_MANY_PASSKEYS);
  const rp = relyingParty();
  const existing = await listPasskeys(user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.fullName,
    userID: isoUint8Array.fromUTF8String(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  await storeChallenge(options.challenge, { purpose: 'register', userId: user.id });
  return ok(options);
});
