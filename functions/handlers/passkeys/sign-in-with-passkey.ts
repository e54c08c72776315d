import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { readDevice } from '../../auth/device-cookie';
import { signedIn } from '../../auth/password-proven';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { acceptPasskeyAnswer } from '../../passkeys/assertion';

/**
 * POST /api/login/passkey {response}: a passkey's answer to the sign-in options signs in without a
 * password. A passkey proves possession and, with user verification, a PIN or biometric: both
 * factors, so an organization's two-factor requirement is met (docs/decisions/046).
 */
export const handler = defineRoute(passkeyEndpoints.signIn, async (request) => {
  const account = await acceptPasskeyAnswer(request.body.response, 'sign-in', auditClient(request));
  return signedIn(account, await readDevice(request.event.cookies), request, 'passkey');
});
