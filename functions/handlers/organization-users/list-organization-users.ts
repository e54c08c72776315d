import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { defineRoute } from '../../http/define-route';
import { pageHeaders } from '../../http/next-link';
import { ok } from '../../http/response';
import { userListPage } from '../../organization-users/list-page';
import { toOrganizationUserResponse } from '../../user/item';

/** The people a project's member pickers offer: any member of the organization may page and search them. */
export const handler = defineRoute(organizationUserEndpoints.people, async ({ session, query }) => {
  const { path } = organizationUserEndpoints.people;
  const page = await userListPage(path, session.org, query);
  return ok(page.users.map(toOrganizationUserResponse), { headers: pageHeaders(path, query, page) });
});
