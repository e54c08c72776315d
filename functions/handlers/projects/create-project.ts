import { projectEndpoints } from '../../../shared/contract/projects';
import { createProject, toProjectResponse } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { countMetric } from '../../observability/metrics';

export const handler = defineRoute(projectEndpoints.create, async ({ body, session }) => {
  const project = await createProject(session.org.id, body);
  countMetric('ProjectsCreated');
  return created(toProjectResponse(project));
});
