import { generateAuthenticationOptions } from '@simplewebauthn/server';
import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { storeChallenge } from '../../passkeys/challenges';
import { relyingParty } from '../../passkeys/relying-party';

/**
 * POST /api/login/passkey/options: the options for a passwordless sign-in. No account is named
 * (the browser offers its discoverable credentials), so the answer tells nothing about who exists.
 */
export const handler = defineRoute(passkeyEndpoints.signInOptions, async () => {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: 'required' });
  await storeChallenge(options.challenge, { purpose: 'sign-in' });
  return ok(options);
});
