import * as projectEndpoints from '../../../shared/contract/projects';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { idempotency } from '../../middleware/idempotency';
import { countMetric } from '../../observability/metrics';
import { toProjectResponse } from '../../projects/item';
import { createProject } from '../../projects/writes';

/** Two round trips: the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.create, { idempotency }, async (request) => {
  const { body, session } = request;
  const project = await createProject(writeContext(session.user, request), body);
  countMetric('ProjectsCreated');
  return created(toProjectResponse(project));
});
