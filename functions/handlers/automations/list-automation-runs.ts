import * as automationEndpoints from '../../../shared/contract/automations';
import { AUTOMATION_NOT_FOUND } from '../../automations/messages';
import { listRuns, preloadAutomation } from '../../automations/reads';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** Two calls: the rule (it must be the organization's) with the session, then one Query of its runs. */
export const handler = defineRoute(
  automationEndpoints.runs,
  { preload: preloadAutomation },
  async ({ session, params, query, preloaded }) => {
    if (!preloaded) throw new NotFound(AUTOMATION_NOT_FOUND);
    return ok(await listRuns(session.org.id, params.id, query.cursor));
  },
);
