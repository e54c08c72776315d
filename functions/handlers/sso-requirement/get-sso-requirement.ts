import * as ssoRequirementEndpoints from '../../../shared/contract/sso-requirement';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { ssoKeys } from '../../sso/keys';
import { readSsoRequirement } from '../../sso-requirement/requirement';

/** GET /api/organization/sso/requirement (admins): whether single sign-on is required, who keeps password access, and what the switch still needs. */
export const handler = defineRoute(
  ssoRequirementEndpoints.requirement,
  { preload: ({ orgId }) => ssoKeys.ssoConnection(orgId) },
  async ({ session, preloaded }) => {
    requireAdmin(session);
    return ok(await readSsoRequirement(session.org.id, { org: session.org, connection: preloaded }));
  },
);
