import type { ProjectDetailResponse } from '../../../shared/schemas/projects';
import { loadProjectMembers } from '../../db/project-members';
import { PROJECT_NOT_FOUND, getProject, isProjectId, toProjectResponse } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';

export const handler = defineRoute({ auth: 'required' }, async ({ session, params }) => {
  const project = isProjectId(params.id) ? await getProject(session.org.id, params.id) : undefined;
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const detail: ProjectDetailResponse = { ...toProjectResponse(project), members: await loadProjectMembers(project) };
  return ok(detail);
});
