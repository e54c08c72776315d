import { projectEndpoints } from '../../../shared/contract/projects';
import { PROJECT_NOT_FOUND, isProjectId, toProjectResponse, updateProject } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.update, async ({ body, session, params }) => {
  if (!isProjectId(params.id)) throw notFound(PROJECT_NOT_FOUND);
  return ok(toProjectResponse(await updateProject(session.org.id, params.id, body, session.user.id)));
});
