import { projectEndpoints } from '../../../shared/contract/projects';
import { setProjectMembers } from '../../db/project-members';
import { PROJECT_NOT_FOUND, isProjectId } from '../../db/projects';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.setMembers, async ({ body, session, params }) => {
  if (!isProjectId(params.id)) throw notFound(PROJECT_NOT_FOUND);
  return ok(await setProjectMembers(session.org.id, params.id, body.memberIds, session.user.id));
});
