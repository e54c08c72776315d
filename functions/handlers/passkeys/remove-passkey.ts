import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { removePasskey } from '../../passkeys/writes';

/** DELETE /api/user/passkeys/{id} (step-up): removes one of the caller's passkeys (another's is not found), with a mail and an audit entry. */
export const handler = defineRoute(passkeyEndpoints.remove, async (request) => {
  await removePasskey(writeContext(request.session.user, request), request.params.id);
  return ok({ id: request.params.id });
});
