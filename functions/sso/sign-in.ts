import { randomBytes } from 'node:crypto';
import { domainOfEmail, isDomainName } from '../../shared/domain-name';
import { safeReturnPath } from '../../shared/return-path';
import { auditPut, ssoSystemIn, userTarget } from '../audit-log/entries';
import type { AuditClient } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { getItem } from '../db/reads';
import { transactWriteExplained } from '../db/transactions';
import { Refused } from '../domain/errors';
import { acceptedBySsoItems, pendingInvitationOf } from '../invitations/sso-acceptance';
import { decryptSsoClientSecret } from '../mfa/mfa-encryption';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { memberCounted } from '../organization-users/writes';
import { hashPassword } from '../security/passwords';
import { type EmailItem, type UserItem, newUser } from '../user/item';
import { userKeys } from '../user/keys';
import { loadUserWithOrganization } from '../user/reads';
import { userPuts } from '../user/writes';
import { ssoConnectionOf } from './connections';
import { OIDC_CALLBACK_PATH, type OidcConnectionItem, type SsoConnectionItem } from './item';
import { ssoKeys } from './keys';
import { type OidcPerson, authorizationUrl, discover, finishAuthorization } from './oidc';
import { type PendingSsoSignIn, SSO_SIGN_IN_MS } from './sso-sign-in-cookie';

/** One answer for every email whose domain no organization verified and connected: the route tells nothing more. */
export const SSO_NOT_AVAILABLE =
  'Single sign-on is not set up for this email address. Sign in with your password, or ask your administrator.';

/** Where a refused sign-in lands: the sign-in page, which says single sign-on failed. */
export const SSO_REFUSED_LANDING = '/auth?sso=failed';

/**
 * The first step: the work email's domain names the organization (its claim, one GetItem), whose
 * connection names the identity provider. Whether the person has an account is not read: the answer
 * is the same for everyone at the domain.
 */
export async function connectionOfEmail(email: string): Promise<SsoConnectionItem> {
  const domain = domainOfEmail(email);
  const claim = isDomainName(domain) ? await getItem(ssoKeys.ssoDomainClaim(domain)) : undefined;
  const connection = claim ? await ssoConnectionOf(claim.orgId) : undefined;
  if (!claim || !connection) throw new Refused('invalid', SSO_NOT_AVAILABLE, { email: SSO_NOT_AVAILABLE });
  return connection;
}

/** An OpenID Connect sign-in: the IdP's authorization URL, and this browser's pending sign-in. */
export async function startSsoSignIn(
  connection: OidcConnectionItem,
  email: string | undefined,
  origin: string,
  returnTo?: string,
): Promise<{ redirectUrl: string; pending: PendingSsoSignIn; expiresAt: number }> {
  const config = await discover(connection.issuer, connection.clientId);
  const { url, attempt } = await authorizationUrl(config, `${origin}${OIDC_CALLBACK_PATH}`, email);
  return {
    redirectUrl: url,
    pending: { ...attempt, orgId: connection.orgId, returnTo: safeReturnPath(returnTo) },
    expiresAt: clockNow().getTime() + SSO_SIGN_IN_MS,
  };
}

/** Why a callback was refused: logged for the admins' support, never told to the browser beyond 'it failed'. */
export class SsoRefused extends Error {
  constructor(readonly reason: string) {
    super(`Single sign-on refused: ${reason}`);
    this.name = 'SsoRefused';
  }
}

/**
 * The callback: the identity provider's answer checked against this browser's pending sign-in
 * (state, nonce, PKCE; by openid-client), then the person (signInPerson).
 */
export async function finishOidcSignIn(
  pending: PendingSsoSignIn,
  callbackUrl: URL,
  client: AuditClient,
): Promise<{ user: UserItem; org: OrganizationItem; created: boolean }> {
  const { connection, person } = await checkOidcCallback(pending, callbackUrl);
  return signInPerson(connection, person, client);
}

/** Every check of the callback (a real sign-in's or a test's), and who the identity provider vouched for. */
export async function checkOidcCallback(
  pending: PendingSsoSignIn,
  callbackUrl: URL,
): Promise<{ connection: OidcConnectionItem; person: OidcPerson }> {
  const connection = await ssoConnectionOf(pending.orgId);
  if (connection?.protocol !== 'oidc') throw new SsoRefused('the organization has no OpenID Connect connection');
  return { connection, person: await authorize(connection, callbackUrl, pending) };
}

/** Who the identity provider vouched for, whatever the protocol. */
export type SsoPerson = Pick<OidcPerson, 'email' | 'emailVerified' | 'name'>;

/**
 * The person an identity provider vouched for, by either protocol: the email's domain verified by
 * the connection's own organization, then a member signs in; an address of another organization's
 * account is refused; an unknown address is created with the connection's role (just in time).
 */
export async function signInPerson(
  connection: SsoConnectionItem,
  person: SsoPerson,
  client: AuditClient,
): Promise<{ user: UserItem; org: OrganizationItem; created: boolean }> {
  const { orgId } = connection;
  const { email } = person;
  if (!email || !person.emailVerified) throw new SsoRefused('the identity provider named no verified email');
  const claim = await getItem(ssoKeys.ssoDomainClaim(domainOfEmail(email)), { consistentRead: true });
  if (claim?.orgId !== orgId) throw new SsoRefused(`${email} is not at a domain this organization verified`);

  const emailItem = await getItem<EmailItem>(userKeys.email(email), { consistentRead: true });
  // Any account keeps its address, verified or not: a just-in-time sign-in never takes one over (docs/decisions/097).
  if (emailItem) {
    if (emailItem.orgId !== orgId) throw new SsoRefused(`${email} has an account in another organization`);
    const member = await loadUserWithOrganization(emailItem.orgId, emailItem.userId);
    if (!member) throw new SsoRefused('the member was removed meanwhile');
    return { ...member, created: false };
  }
  return { ...(await createJustInTime(connection, { ...person, email }, client)), created: true };
}

async function authorize(connection: OidcConnectionItem, callbackUrl: URL, pending: PendingSsoSignIn): Promise<OidcPerson> {
  try {
    const config = await discover(
      connection.issuer,
      connection.clientId,
      await decryptSsoClientSecret(connection.clientSecretEncrypted, connection.orgId),
    );
    return await finishAuthorization(config, callbackUrl, pending);
  } catch (error) {
    // openid-client's own message is general ('invalid response encountered'); its cause names the failed check (and class names are minified).
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new SsoRefused(error instanceof Error ? `${error.message}${cause}` : String(error));
  }
}

/**
 * A person at a verified domain signing in for the first time: a user with the connection's role,
 * their address proved by the identity provider, and a random password nobody knows (a reset by
 * mail gives them one). Written as an Add User is, with its audit entry by the actor 'SSO'.
 */
async function createJustInTime(connection: SsoConnectionItem, person: SsoPerson & { email: string }, client: AuditClient) {
  const loaded = await getItem(organizationKeys.organization(connection.orgId), { consistentRead: true });
  if (!loaded) throw new SsoRefused('the organization no longer exists');
  // Invited: the sign-in accepts the invitation, with its role (where SSO is required, the only way to accept it).
  const invitation = await pendingInvitationOf(connection.orgId, person.email);
  const user = newUser({
    orgId: connection.orgId,
    username: person.email,
    fullName: person.name?.trim() || person.email.split('@')[0]!,
    role: invitation?.role ?? connection.jitRole,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    emailVerified: true,
  });
  await transactWriteExplained(
    [
      ...userPuts(user),
      ...memberCounted(connection.orgId, { role: user.role, withoutTwoFactor: true }, 1),
      auditPut(
        { actor: ssoSystemIn(connection.orgId), client },
        { action: 'user.added', target: userTarget(user), details: { role: user.role, by: 'sso' } },
      ),
      ...(invitation ? acceptedBySsoItems(invitation, user, client) : []),
    ],
    // The address was taken between the read and the write (another tab signing in at once): the next try finds the account.
    (failed) => (failed.size > 0 ? new SsoRefused('the address was taken meanwhile; try again') : undefined),
  );
  return { user, org: loaded };
}
