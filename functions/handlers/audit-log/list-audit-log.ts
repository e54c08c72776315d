import * as auditLogEndpoints from '../../../shared/contract/audit-log';
import { auditFiltersOf } from '../../audit-log/filters';
import { readAuditPage } from '../../audit-log/reads';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * GET /api/organization/audit-log (admins): a page of the session's organization's log, newest
 * first. The organization is the session's: a cursor is only a position in the caller's own log.
 */
export const handler = defineRoute(auditLogEndpoints.list, async ({ session, query }) => {
  requireAdmin(session);
  return ok(await readAuditPage(session.org.id, auditFiltersOf(query), query.cursor));
});
