import { auditLogFilters, auditLogPage, auditLogQuery } from '../schemas/audit-log';
import { endpoint } from './endpoint';

/** The organization's audit log, for its admins. */
export const auditLogEndpoints = {
  /** A page of AUDIT_PAGE_SIZE entries, newest first, filtered by action, person and date range. */
  list: endpoint({ method: 'GET', path: '/api/organization/audit-log', auth: 'required', query: auditLogQuery, response: auditLogPage }),
  /** The filtered range as a CSV file (text/csv, an attachment): not JSON, so no response schema. */
  exportCsv: endpoint({ method: 'GET', path: '/api/organization/audit-log/export', auth: 'required', query: auditLogFilters }),
};
