import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { loadProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

export const handler = defineRoute(
  projectEndpoints.members,
  { preload: preloadProjectWithMembers },
  async ({ session, preloadedAll: [project, members] }) => {
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    return ok(await loadProjectMembers(session.user.orgId, project.id, members));
  },
);
