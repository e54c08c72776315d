import { auditLogFilters, auditLogPage, auditLogQuery } from '../schemas/audit-log';
import { endpoint } from './endpoint';

// The organization's audit log, for its admins.

/** A page of AUDIT_PAGE_SIZE entries, newest first, filtered by action, person and date range. */
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/audit-log',
  auth: 'required',
  query: auditLogQuery,
  response: auditLogPage,
});
/** The filtered range as a CSV file (text/csv, an attachment): not JSON, so no response schema. */
export const exportCsv = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/organization/audit-log/export',
  auth: 'required',
  query: auditLogFilters,
});
