import { INVITATIONS_PER_ADMIN, INVITATIONS_PER_ORGANIZATION } from './rules';
import { type Reservation, reserveAll, throttleCounter } from './throttles';

/**
 * Takes one invitation mail (a new invitation or a resend) of the admin's and of the organization's
 * hourly allowance before the invitation is written (reserve-then-check): an admin's session cannot
 * send branded mail to any number of addresses, nor can all of an organization's admins together.
 */
export const reserveInvitationMail = (adminId: string, orgId: string): Promise<Reservation> =>
  reserveAll([throttleCounter(INVITATIONS_PER_ADMIN, adminId), throttleCounter(INVITATIONS_PER_ORGANIZATION, orgId)]);
