import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { Refused } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created, ok } from '../../http/response';
import { idempotency } from '../../middleware/idempotency';
import { saveOrganizationUser } from '../../organization-users/writes';
import { refuseWeakPassword } from '../../security/password-strength';
import { hashPassword } from '../../security/passwords';
import { deleteSessionsOfUser } from '../../sessions/writes';
import {
  DOMAIN_VERIFIED_ELSEWHERE,
  SSO_REQUIRED_NO_PASSWORD,
  claimedElsewhere,
  memberClaimRequiresSso,
  preloadSavedEmail,
} from '../../sso-requirement/rules';
import { toOrganizationUserResponse } from '../../user/item';

const OWN_ACCOUNT_REFUSED = 'You cannot change your own account here. Use User Settings to change your name or password.';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * POST /api/organization/users (admins): creates a user (201), or updates the organization's user
 * with that email (200: name, role, and the password when one is given). An email of another
 * organization is 409 and changes nothing. The email item and its domain's claim come with the
 * session: an update takes three round trips (session, user, transaction), a creation two.
 */
export const handler = defineRoute(
  organizationUserEndpoints.saveUser,
  { preload: preloadSavedEmail, idempotency },
  async (request) => {
    const {
      body,
      session,
      preloadedAll: [preloaded, claim],
    } = request;
    requireAdmin(session);
    // One's own password changes only with the current one (change-password): a stolen admin cookie must
    // not become a permanent takeover. Name and role of one's own account are not edited here either.
    if (sameEmail(body.username, session.user.username)) throw new Refused('not-allowed', OWN_ACCOUNT_REFUSED);
    refuseWeakPassword(body.password, 'password', {
      email: body.username,
      fullName: body.fullName,
      organizationName: session.org.name,
    });
    // Single sign-on required for the address (docs/decisions/059): nobody there is given a password, new or replaced.
    const holderId = preloaded?.orgId === session.org.id ? preloaded.userId : undefined;
    // A new account at another organization's verified domain: only that organization adds people there.
    if (holderId === undefined && claimedElsewhere(session.org.id, claim)) {
      throw new Refused('invalid', DOMAIN_VERIFIED_ELSEWHERE, { username: DOMAIN_VERIFIED_ELSEWHERE });
    }
    if (body.password !== undefined && memberClaimRequiresSso(session.org, claim, holderId)) {
      throw new Refused('invalid', SSO_REQUIRED_NO_PASSWORD, { password: SSO_REQUIRED_NO_PASSWORD });
    }
    const saved = await saveOrganizationUser(
      writeContext(session.user, request),
      {
        username: body.username,
        fullName: body.fullName,
        role: body.role,
        organizationName: session.org.name,
        passwordHash: body.password === undefined ? undefined : await hashPassword(body.password),
      },
      { emailItem: preloaded },
    );
    // A password set by an admin signs the user out everywhere else, as a change of their own does.
    if (saved.passwordReplaced) await deleteSessionsOfUser(saved.user.id);
    const entry = toOrganizationUserResponse(saved.user);
    return saved.created ? created(entry) : ok(entry);
  },
);
