import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { pageHeaders } from '../../http/next-link';
import { ok } from '../../http/response';
import { userListPage } from '../../organization-users/list-page';
import { toManagedUserResponse } from '../../user/item';

/** GET /api/organization/users (admins): a page of the caller's organization's users, oldest first unless sorted, with their two-factor status (the app or a passkey). */
export const handler = defineRoute(organizationUserEndpoints.users, async ({ session, query }) => {
  requireAdmin(session);
  const { path } = organizationUserEndpoints.users;
  const page = await userListPage(path, session.org, query);
  return ok(
    page.users.map((user) => toManagedUserResponse(user, session.org)),
    { headers: pageHeaders(path, query, page) },
  );
});
