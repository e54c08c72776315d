import * as ssoRequirementEndpoints from '../../../shared/contract/sso-requirement';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { readSsoRequirement, setRequireSso } from '../../sso-requirement/requirement';

/** PUT /api/organization/sso/requirement (admins, stepped up): single sign-on required for the verified domains, or not. */
export const handler = defineRoute(ssoRequirementEndpoints.setRequirement, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  await setRequireSso(writeContext(session.user, request), session.org, body.requireSso);
  return ok(await readSsoRequirement(session.org.id));
});
