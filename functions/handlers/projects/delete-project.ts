import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { PROJECT_NOT_FOUND } from '../../projects/messages';
import { deleteProject } from '../../projects/writes';

/** Two round trips: the project and its member set come with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.remove, { preload: preloadProjectWithMembers }, async (request) => {
  const {
    session,
    params,
    preloadedAll: [project, members],
  } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  await deleteProject(writeContext(session.user, request), params.id, project && { project, members });
  return ok({ id: params.id });
});
