import * as automationEndpoints from '../../../shared/contract/automations';
import { toAutomationResponse } from '../../automations/item';
import { automationsThatApply } from '../../automations/reads';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** Two Queries at most (the project's rules, the organization's), whatever the organization holds besides. */
export const handler = defineRoute(automationEndpoints.list, {}, async ({ session, query }) =>
  ok({ automations: (await automationsThatApply(session.org.id, query.projectId)).map(toAutomationResponse) }),
);
