import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { setProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND, preloadProject } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';

export const handler = defineRoute(projectEndpoints.setMembers, { preload: preloadProject }, async ({ body, session, params, preloaded }) => {
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(await setProjectMembers(session.org.id, params.id, body.memberIds, session.user, preloaded));
});
