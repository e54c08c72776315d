import * as projectEndpoints from '../../../shared/contract/projects';
import type { ProjectDetailResponse } from '../../../shared/schemas/projects';
import { loadProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND, preloadProject } from '../../projects/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../projects/item';

/** Two round trips whatever the member count: the project comes with the session, the members in one batch. */
export const handler = defineRoute(projectEndpoints.detail, { preload: preloadProject }, async ({ preloaded: project }) => {
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  const detail: ProjectDetailResponse = { ...toProjectResponse(project), members: await loadProjectMembers(project) };
  return ok(detail);
});
