import * as ssoRequirementEndpoints from '../../../shared/contract/sso-requirement';
import { keys } from '../../db/keys';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { readSsoRequirement } from '../../sso-requirement/requirement';

/** GET /api/organization/sso/requirement (admins): whether single sign-on is required, who keeps password access, and what the switch still needs. */
export const handler = defineRoute(
  ssoRequirementEndpoints.requirement,
  { preload: ({ orgId }) => keys.ssoConnection(orgId) },
  async ({ session, preloaded }) => {
    requireAdmin(session);
    return ok(await readSsoRequirement(session.org.id, { org: session.org, connection: preloaded }));
  },
);
