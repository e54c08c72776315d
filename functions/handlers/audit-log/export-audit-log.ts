import * as auditLogEndpoints from '../../../shared/contract/audit-log';
import { PRODUCT_NAME } from '../../../shared/product';
import { AUDIT_EXPORT_MAX_ENTRIES } from '../../../shared/schemas/audit-log';
import { auditLogCsv } from '../../audit-log/csv';
import { auditFiltersOf } from '../../audit-log/filters';
import { readAuditRange } from '../../audit-log/reads';
import { today } from '../../clock';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';

// Built when needed: toLocaleString loads ICU, which the import of every export would otherwise pay.
const tooMany = () =>
  `The export holds at most ${AUDIT_EXPORT_MAX_ENTRIES.toLocaleString('en-US')} entries. Please choose a shorter date range.`;

/** GET /api/organization/audit-log/export (admins): every entry of the filtered range, newest first, as a CSV attachment. */
export const handler = defineRoute(auditLogEndpoints.exportCsv, async ({ session, query }) => {
  requireAdmin(session);
  const entries = await readAuditRange(session.org.id, auditFiltersOf(query));
  if (entries === 'too-many') {
    const message = tooMany();
    throw badRequest(message, { from: message });
  }
  const filename = `${PRODUCT_NAME.toLowerCase()}-audit-log-${today()}.csv`;
  return ok(undefined, {
    text: { contentType: 'text/csv; charset=utf-8', data: auditLogCsv(entries) },
    headers: { 'content-disposition': `attachment; filename="${filename}"` },
  });
});
