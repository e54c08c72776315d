import * as projectEndpoints from '../../../shared/contract/projects';
import type { ProjectDetailResponse } from '../../../shared/schemas/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../projects/item';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { loadProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

/**
 * One call whatever the member count: the project and its member set, which holds what the page
 * shows of each member (docs/decisions/063), come with the session. Members of a set written before
 * the copies are read by key (BatchGetItems of 100 side by side).
 */
export const handler = defineRoute(
  projectEndpoints.detail,
  { preload: preloadProjectWithMembers },
  async ({ session, preloadedAll: [project, members] }) => {
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    const detail: ProjectDetailResponse = {
      ...toProjectResponse(project),
      members: await loadProjectMembers(session.user.orgId, members),
    };
    return ok(detail);
  },
);
