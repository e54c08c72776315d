import * as projectEndpoints from '../../../shared/contract/projects';
import type { ProjectDetailResponse } from '../../../shared/schemas/projects';
import { loadProjectMembers } from '../../projects/members';
import { memberIdsOf, preloadProjectWithMembers } from '../../projects/member-set';
import { PROJECT_NOT_FOUND } from '../../projects/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../projects/item';

/**
 * Two round trips whatever the member count: the project and its member set come with the session,
 * the members in BatchGetItems of 100 side by side (2 calls up to 100 members, 6 with 500).
 */
export const handler = defineRoute(projectEndpoints.detail, { preload: preloadProjectWithMembers }, async ({ session, preloadedAll: [project, members] }) => {
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  const detail: ProjectDetailResponse = { ...toProjectResponse(project), members: await loadProjectMembers(session.user.orgId, memberIdsOf(members)) };
  return ok(detail);
});
