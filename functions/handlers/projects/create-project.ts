import * as projectEndpoints from '../../../shared/contract/projects';
import { createProject, preloadFigures } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { idempotency } from '../../middleware/idempotency';
import { created } from '../../http/response';
import { writeContext } from '../../http/audit-client';
import { countMetric } from '../../observability/metrics';
import { toProjectResponse } from '../../projects/item';

/** Two round trips: the figures item comes with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.create, { preload: preloadFigures, idempotency }, async (request) => {
  const { body, session, preloaded } = request;
  const project = await createProject(writeContext(session.user, request), body, preloaded);
  countMetric('ProjectsCreated');
  return created(toProjectResponse(project));
});
