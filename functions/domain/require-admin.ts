import type { LoadedSession } from '../sessions/reads';
import { Refused } from './errors';

export const ADMINS_ONLY = 'Only administrators can do this';

/** The organization-management routes are for admins; staff are refused. */
export function requireAdmin(session: LoadedSession) {
  if (session.user.role !== 'admin') throw new Refused('not-allowed', ADMINS_ONLY);
}
