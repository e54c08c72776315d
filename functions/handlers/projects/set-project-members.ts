import { projectEndpoints } from '../../../shared/contract/projects';
import { setProjectMembers } from '../../db/project-members';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute(projectEndpoints.setMembers, async ({ body, session, params }) => {
  return ok(await setProjectMembers(session.org.id, params.id, body.memberIds, session.user.id));
});
