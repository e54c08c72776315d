import * as projectEndpoints from '../../../shared/contract/projects';
import { createProject, preloadFigures } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { countMetric } from '../../observability/metrics';
import { toProjectResponse } from '../../projects/item';

/** Two round trips: the figures item comes with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.create, { preload: preloadFigures }, async ({ body, session, preloaded }) => {
  const project = await createProject(session.org.id, body, session.user, preloaded);
  countMetric('ProjectsCreated');
  return created(toProjectResponse(project));
});
