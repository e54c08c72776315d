import { generateAuthenticationOptions } from '@simplewebauthn/server';
import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { SIGN_IN_EXPIRED } from '../../../shared/schemas/mfa';
import { readPendingSignIn } from '../../auth/pending-sign-in-cookie';
import { findLivePendingSignIn } from '../../auth/pending-sign-ins';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { storeChallenge } from '../../passkeys/challenges';
import { listPasskeys } from '../../passkeys/reads';
import { relyingParty } from '../../passkeys/relying-party';

/**
 * POST /api/login/mfa/passkey/options, with the pending cookie of the password step: options that
 * allow the account's own passkeys, their challenge bound to this pending sign-in. No live pending
 * sign-in, or no passkey: 400, the sign-in starts over.
 */
export const handler = defineRoute(passkeyEndpoints.secondFactorOptions, async ({ event }) => {
  const claims = await readPendingSignIn(event.cookies);
  const pending = claims && (await findLivePendingSignIn(claims.userId, claims.pendingId));
  const passkeys = pending ? await listPasskeys(pending.userId) : [];
  if (!pending || passkeys.length === 0) throw badRequest(SIGN_IN_EXPIRED);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: 'required',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  await storeChallenge(options.challenge, { purpose: 'second-factor', userId: pending.userId, pendingId: pending.id });
  return ok(options);
});
