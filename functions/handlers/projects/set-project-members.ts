import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { setProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

export const handler = defineRoute(projectEndpoints.setMembers, { preload: preloadProjectWithMembers }, async (request) => {
  const {
    body,
    session,
    params,
    preloadedAll: [project, members],
  } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(await setProjectMembers(writeContext(session.user, request), params.id, body.memberIds, { project, members }));
});
