import { projectEndpoints } from '../../../shared/contract/projects';
import { PROJECT_NOT_FOUND, deleteProject, isProjectId } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.remove, async ({ session, params }) => {
  if (!isProjectId(params.id)) throw notFound(PROJECT_NOT_FOUND);
  await deleteProject(session.org.id, params.id);
  return ok({ id: params.id });
});
