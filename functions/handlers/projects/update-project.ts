import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId, toProjectResponse } from '../../projects/item';
import { PROJECT_NOT_FOUND } from '../../projects/messages';
import { preloadProject } from '../../projects/reads';
import { updateProject } from '../../projects/writes';

/** Two round trips: the project comes with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.update, { preload: preloadProject }, async (request) => {
  const { body, session, params, preloaded } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(toProjectResponse(await updateProject(writeContext(session.user, request), params.id, body, preloaded)));
});
