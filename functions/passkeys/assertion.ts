import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_EXPIRED, PASSKEY_NOT_ACCEPTED } from '../../shared/schemas/passkeys';
import type { AuditClient } from '../audit-log/entries';
import { Refused } from '../domain/errors';
import { countMetric } from '../observability/metrics';
import { loadUserWithOrganization } from '../user/reads';
import { type BoundPurpose, boundTo, takeChallenge } from './challenges';
import { findPasskey } from './reads';
import { relyingParty } from './relying-party';
import { recordPasskeyUse, reportClonedPasskey } from './writes';

/** The challenge an answer claims to answer (its client data's), or '' when the answer is malformed. */
export function challengeOf(response: { response: object }): string {
  const clientData = (response.response as { clientDataJSON?: unknown }).clientDataJSON;
  if (typeof clientData !== 'string' || !isoBase64URL.isBase64URL(clientData)) return '';
  try {
    const challenge = decodeClientDataJSON(clientData).challenge;
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/** The user id a discoverable credential's answer names (registration set it as the user handle). */
const userIdOf = (response: AuthenticationResponseJSON) => {
  const handle = response.response.userHandle;
  return handle && isoBase64URL.isBase64URL(handle) ? isoBase64URL.toUTF8String(handle) : undefined;
};

const notAccepted = () => new Refused('signed-out', PASSKEY_NOT_ACCEPTED);
const expired = () => new Refused('invalid', PASSKEY_EXPIRED);

/**
 * Checks a passkey's answer to a challenge handed out for `purpose` (WebAuthn §7.2): the challenge
 * is used up first, whatever comes next (a replay finds nothing: 400); then the stored passkey of
 * the user the answer (or the pending sign-in) names, its origin and relying party, user
 * verification, the signature, the backup eligibility it was registered with, and the counter,
 * which must move forward: a signed answer whose counter went back means a copied key, so the
 * owner is mailed. Every refusal past the challenge is the same 401, which names no account.
 * Answers the user, their organization and the passkey, its use recorded.
 */
export async function acceptPasskeyAnswer(
  response: AuthenticationResponseJSON,
  purpose: 'sign-in' | BoundPurpose['purpose'],
  /** Who sent it, for the audit entry of a copied key. */
  client: AuditClient,
  /** The pending sign-in or session the challenge must have been handed out to. */
  expected?: BoundPurpose,
) {
  const challenge = await takeChallenge(challengeOf(response), purpose);
  if (!challenge) throw expired();
  if (challenge.purpose !== 'sign-in' && (expected === undefined || boundTo(challenge) !== boundTo(expected))) throw expired();

  const userId = challenge.purpose === 'sign-in' ? userIdOf(response) : challenge.userId;
  const passkey = userId ? await findPasskey(userId, response.id) : undefined;
  const account = passkey ? await loadUserWithOrganization(passkey.orgId, passkey.userId) : undefined;
  if (!passkey || !account) {
    countMetric('SignInsFailed');
    throw notAccepted();
  }

  const rp = relyingParty();
  const checked = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
    // The counter is compared below, once the signature is known to be the passkey's: an unsigned
    // answer with a low counter must not be taken for a copied key.
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: 0,
      transports: passkey.transports,
    },
  }).catch(() => undefined);
  if (!checked?.verified || checked.authenticationInfo.credentialDeviceType !== passkey.deviceType) {
    countMetric('SignInsFailed');
    throw notAccepted();
  }
  const { newCounter, credentialBackedUp } = checked.authenticationInfo;
  if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
    await reportClonedPasskey({ actor: account.user, client }, passkey, newCounter);
    countMetric('SignInsFailed');
    throw notAccepted();
  }
  // Lost to a concurrent answer of the same passkey, which moved the counter first.
  if (!(await recordPasskeyUse(passkey, newCounter, credentialBackedUp))) throw notAccepted();
  return { ...account, passkey };
}
