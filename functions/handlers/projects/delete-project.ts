import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { PROJECT_NOT_FOUND, deleteProject, preloadProjectAndFigures } from '../../projects/projects';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';

/** Two round trips: the project and the figures item come with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.remove, { preload: preloadProjectAndFigures }, async (request) => {
  const { session, params, preloadedAll } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  const [project, figures] = preloadedAll;
  await deleteProject(writeContext(session.user, request), params.id, { project, figures });
  return ok({ id: params.id });
});
