import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { PROJECT_NOT_FOUND, preloadProjectAndFigures, updateProject } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { writeContext } from '../../http/audit-client';
import { isProjectId, toProjectResponse } from '../../projects/item';

/** Two round trips: the project and the figures item come with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.update, { preload: preloadProjectAndFigures }, async (request) => {
  const { body, session, params, preloadedAll } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  const [project, figures] = preloadedAll;
  return ok(toProjectResponse(await updateProject(writeContext(session.user, request), params.id, body, { project, figures })));
});
