import * as automationEndpoints from '../../../shared/contract/automations';
import { preloadAutomation } from '../../automations/reads';
import { deleteAutomation } from '../../automations/writes';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** The rule comes with the session, then one transaction. */
export const handler = defineRoute(automationEndpoints.remove, { preload: preloadAutomation }, async (request) => {
  await deleteAutomation(writeContext(request.session.user, request), request.preloaded);
  return ok({ id: request.params.id });
});
