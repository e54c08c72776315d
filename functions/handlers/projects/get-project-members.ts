import * as projectEndpoints from '../../../shared/contract/projects';
import { loadProjectMembers } from '../../projects/members';
import { PROJECT_NOT_FOUND, preloadProject } from '../../projects/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.members, { preload: preloadProject }, async ({ preloaded: project }) => {
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(await loadProjectMembers(project));
});
