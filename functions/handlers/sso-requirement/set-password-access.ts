import * as ssoRequirementEndpoints from '../../../shared/contract/sso-requirement';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { readSsoRequirement, setPasswordAccess } from '../../sso-requirement/requirement';
import { userKeys } from '../../user/keys';

/** PUT /api/organization/sso/password-access/{userId} (admins, stepped up): whether that admin keeps password sign-in (break-glass). */
export const handler = defineRoute(
  ssoRequirementEndpoints.setPasswordAccess,
  { preload: ({ orgId, params }) => userKeys.user(orgId, params.userId!) },
  async (request) => {
    const { body, session, preloaded } = request;
    requireAdmin(session);
    await setPasswordAccess(writeContext(session.user, request), session.org, preloaded, body.passwordAccess);
    return ok(await readSsoRequirement(session.org.id));
  },
);
