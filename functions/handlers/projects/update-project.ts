import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { PROJECT_NOT_FOUND, preloadProjectAndFigures, updateProject } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId, toProjectResponse } from '../../projects/item';

/** Two round trips: the project and the figures item come with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.update, { preload: preloadProjectAndFigures }, async ({ body, session, params, preloadedAll }) => {
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  const [project, figures] = preloadedAll;
  return ok(toProjectResponse(await updateProject(session.org.id, params.id, body, session.user, { project, figures })));
});
