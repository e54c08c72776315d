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
 * Two calls whatever the member count: the project and its member set come with the session, and
 * what the page shows of each member is one Query of their memberships' copies (docs/decisions/103).
 * Members without a copy yet are read by key (BatchGetItems of 100 side by side).
 */
export const handler = defineRoute(
  projectEndpoints.detail,
  { preload: preloadProjectWithMembers },
  async ({ session, preloadedAll: [project, members] }) => {
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    const detail: ProjectDetailResponse = {
      ...toProjectResponse(project),
      members: await loadProjectMembers(session.user.orgId, project.id, members),
    };
    return ok(detail);
  },
);
