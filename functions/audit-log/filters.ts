import { type AuditLogFilters, auditFilterInstant } from '../../shared/schemas/audit-log';
import type { AuditFilters } from './reads';

/** The query string's filters (already validated by the endpoint's schema) as the reader takes them. */
export function auditFiltersOf(query: AuditLogFilters): AuditFilters {
  return {
    ...(query.action ? { action: query.action } : {}),
    ...(query.actorId ? { actorId: query.actorId } : {}),
    ...(query.from ? { fromMs: auditFilterInstant(query.from, 'from') } : {}),
    ...(query.to ? { toMs: auditFilterInstant(query.to, 'to') } : {}),
  };
}
