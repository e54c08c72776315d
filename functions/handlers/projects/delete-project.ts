import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { PROJECT_NOT_FOUND, deleteProject, preloadProject } from '../../projects/projects';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';

/** Two round trips: the project comes with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.remove, { preload: preloadProject }, async (request) => {
  const { session, params, preloaded } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  await deleteProject(writeContext(session.user, request), params.id, preloaded);
  return ok({ id: params.id });
});
