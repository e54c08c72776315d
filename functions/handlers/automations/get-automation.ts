import * as automationEndpoints from '../../../shared/contract/automations';
import { toAutomationResponse } from '../../automations/item';
import { AUTOMATION_NOT_FOUND } from '../../automations/messages';
import { preloadAutomation } from '../../automations/reads';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** One call: the rule comes with the session (by key in the session's organization: another's is 404). */
export const handler = defineRoute(automationEndpoints.get, { preload: preloadAutomation }, async ({ preloaded }) => {
  if (!preloaded) throw new NotFound(AUTOMATION_NOT_FOUND);
  return ok(toAutomationResponse(preloaded));
});
