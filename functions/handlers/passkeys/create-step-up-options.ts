import { generateAuthenticationOptions } from '@simplewebauthn/server';
import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { NO_PASSKEY } from '../../../shared/schemas/passkeys';
import { Refused } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { storeChallenge } from '../../passkeys/challenges';
import { listPasskeys } from '../../passkeys/reads';
import { relyingParty } from '../../passkeys/relying-party';

/**
 * POST /api/user/step-up/passkey/options: the options for confirming it's the user with one of their
 * own passkeys (docs/decisions/056), user verification required, as a passkey sign-in asks; the
 * challenge is bound to this session, so an answer sent on another session's behalf is refused.
 */
export const handler = defineRoute(passkeyEndpoints.stepUpOptions, async ({ session }) => {
  const passkeys = await listPasskeys(session.user.id);
  if (passkeys.length === 0) throw new Refused('invalid', NO_PASSKEY);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: 'required',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  await storeChallenge(options.challenge, { purpose: 'step-up', userId: session.user.id, sessionId: session.session.id });
  return ok(options);
});
