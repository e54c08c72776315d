import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { setProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND } from '../../projects/projects';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { writeContext } from '../../http/audit-client';
import { isProjectId } from '../../projects/item';

export const handler = defineRoute(projectEndpoints.setMembers, { preload: preloadProjectWithMembers }, async (request) => {
  const { body, session, params, preloadedAll: [project, members] } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(await setProjectMembers(writeContext(session.user, request), params.id, body.memberIds, { project, members }));
});
