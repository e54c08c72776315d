import { projectEndpoints } from '../../../shared/contract/projects';
import { createProject, toProjectResponse } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';

export const handler = defineRoute(projectEndpoints.create, async ({ body, session }) =>
  created(toProjectResponse(await createProject(session.org.id, body))),
);
