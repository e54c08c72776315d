import * as automationEndpoints from '../../../shared/contract/automations';
import { toAutomationResponse } from '../../automations/item';
import { preloadAutomation } from '../../automations/reads';
import { updateAutomation } from '../../automations/writes';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** The rule comes with the session, then one transaction on condition it is still the version read. */
export const handler = defineRoute(automationEndpoints.update, { preload: preloadAutomation }, async (request) =>
  ok(toAutomationResponse(await updateAutomation(writeContext(request.session.user, request), request.preloaded, request.body))),
);
