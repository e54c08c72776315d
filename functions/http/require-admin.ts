import type { LoadedSession } from '../db/sessions';
import { forbidden } from './http-error';

export const ADMINS_ONLY = 'Only administrators can do this';

/** The organization-management routes are for admins; staff get 403. */
export function requireAdmin(session: LoadedSession) {
  if (session.user.role !== 'admin') throw forbidden(ADMINS_ONLY);
}
