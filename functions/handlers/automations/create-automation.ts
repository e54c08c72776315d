import * as automationEndpoints from '../../../shared/contract/automations';
import { toAutomationResponse } from '../../automations/item';
import { createAutomation } from '../../automations/writes';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';

/** The people the actions name are read by key, then one transaction (the rule, its copy, its scope's count, the audit entry). */
export const handler = defineRoute(automationEndpoints.create, {}, async (request) =>
  created(toAutomationResponse(await createAutomation(writeContext(request.session.user, request), request.body))),
);
