import type { Role } from '../../shared/roles';
import type { UserItem } from '../user/item';

/** The SCIM group of each role (docs/decisions/060): its id is the role, its displayName this. */
export const GROUP_NAMES: Record<Role, string> = { admin: 'Administrators', staff: 'Staff' };

/** A user's `groups` (RFC 7643 §4.1.2, read-only): the one group of their role. */
export const groupsOfUser = (user: Pick<UserItem, 'role'>) => [
  { value: user.role, display: GROUP_NAMES[user.role], type: 'direct' },
];
