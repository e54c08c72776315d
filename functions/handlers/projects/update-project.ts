import { projectEndpoints } from '../../../shared/contract/projects';
import { updateProject } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../entities/project';

export const handler = defineRoute(projectEndpoints.update, async ({ body, session, params }) => {
  return ok(toProjectResponse(await updateProject(session.org.id, params.id, body, session.user)));
});
