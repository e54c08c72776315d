import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { setProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND, preloadProject } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { writeContext } from '../../http/audit-client';
import { isProjectId } from '../../projects/item';

export const handler = defineRoute(projectEndpoints.setMembers, { preload: preloadProject }, async (request) => {
  const { body, session, params, preloaded } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(await setProjectMembers(writeContext(session.user, request), params.id, body.memberIds, preloaded));
});
