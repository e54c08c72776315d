import * as ssoEndpoints from '../../../shared/contract/sso';
import { NotFound } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { testResultOf } from '../../sso/test-result';

/** GET /api/organization/sso/test-result: what this session's last 'Test connection' brought back, 404 when there is none. */
export const handler = defineRoute(ssoEndpoints.testResult, async ({ event, session }) => {
  requireAdmin(session);
  const result = await testResultOf(event.cookies, session);
  if (!result) throw new NotFound('No connection test in this session. Press Test connection to run one.');
  return ok(result);
});
