import * as projectEndpoints from '../../../shared/contract/projects';
import { defineRoute } from '../../http/define-route';
import { pageHeaders } from '../../http/next-link';
import { ok } from '../../http/response';
import { userListPage } from '../../organization-users/list-page';
import { toOrganizationUserResponse } from '../../user/item';

/** The people a project's member pickers offer: any member of the organization may page and search them. */
export const handler = defineRoute(projectEndpoints.organizationUsers, async ({ session, query }) => {
  const { path } = projectEndpoints.organizationUsers;
  const page = await userListPage(path, session.org, query);
  return ok(page.users.map(toOrganizationUserResponse), { headers: pageHeaders(path, query, page) });
});
