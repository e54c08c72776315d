import * as mfaEndpoints from '../../../shared/contract/mfa';
import { Refused } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { MFA_NOT_ON } from '../../mfa/messages';
import { newRecoveryCodes } from '../../mfa/recovery-codes';
import { replaceRecoveryCodes } from '../../mfa/writes';

/**
 * POST /api/user/mfa/recovery-codes: 10 new recovery codes, answered once, in place of the old ones
 * (only hashes are stored, so the old ones cannot be shown again). A security change: the session
 * must have stepped up lately (docs/decisions/038). The mail says so.
 */
export const handler = defineRoute(mfaEndpoints.regenerateRecoveryCodes, async (request) => {
  const { user } = request.session;
  const { codes, hashes } = await newRecoveryCodes();
  if (!user.mfaEnabled || !(await replaceRecoveryCodes(writeContext(user, request), hashes)))
    throw new Refused('invalid', MFA_NOT_ON);
  return ok({ recoveryCodes: codes });
});
