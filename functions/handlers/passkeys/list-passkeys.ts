import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toPasskeyResponse } from '../../passkeys/item';
import { listPasskeys } from '../../passkeys/reads';

/** GET /api/user/passkeys: the caller's passkeys, newest first. */
export const handler = defineRoute(passkeyEndpoints.list, async ({ session }) =>
  ok((await listPasskeys(session.user.id)).map(toPasskeyResponse)),
);
