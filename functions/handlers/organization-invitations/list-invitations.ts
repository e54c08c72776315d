import * as organizationInvitationEndpoints from '../../../shared/contract/organization-invitations';
import { INVITATION_PAGE_DEFAULT } from '../../../shared/schemas/organization-invitations';
import { openCursor, sealCursor } from '../../db/list-cursor';
import { wholeListCount } from '../../db/query-page';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { pageHeaders } from '../../http/next-link';
import { ok } from '../../http/response';
import { listInvitationPage } from '../../organization-invitations/invitations';

/**
 * GET /api/organization/invitations (admins): a page of the pending ones, and those of the last 30
 * days, newest first; `Link` names the next page (docs/decisions/062).
 */
export const handler = defineRoute(organizationInvitationEndpoints.list, async ({ session, query }) => {
  requireAdmin(session);
  const { path } = organizationInvitationEndpoints.list;
  const orgId = session.org.id;
  // The cursor is bound to this list: another route's, or another organization's, is 400.
  const list = [path] as const;
  const start = query.cursor === undefined ? undefined : await openCursor(query.cursor, orgId, list);
  const { invitations, page } = await listInvitationPage(
    orgId,
    query.limit === undefined ? INVITATION_PAGE_DEFAULT : Number(query.limit),
    start,
  );
  const cursor = page.next ? await sealCursor(orgId, list, page.next) : undefined;
  return ok(invitations, { headers: pageHeaders(path, query, { total: wholeListCount(start, page), cursor }) });
});
