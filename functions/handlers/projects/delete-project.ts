import { projectEndpoints } from '../../../shared/contract/projects';
import { deleteProject } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.remove, async ({ session, params }) => {
  await deleteProject(session.org.id, params.id);
  return ok({ id: params.id });
});
