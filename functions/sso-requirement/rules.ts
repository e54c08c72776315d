import { domainOfEmail, isDomainName } from '../../shared/domain-name';
import { getItem } from '../db/reads';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { SsoDomainClaimItem } from '../sso/item';
import { ssoKeys } from '../sso/keys';
import { userKeys } from '../user/keys';

/**
 * Single sign-on required (issue 40, item 4; docs/decisions/059): while an organization requires it,
 * an address at one of its verified domains signs in through the identity provider only, except
 * the admins it lets keep password access (break-glass). Every password path asks these rules.
 */

/** The in-form answer of a password sign-in: the person is told where to go instead. */
export const SSO_REQUIRED_FOR_PASSWORD =
  'Your organization requires single sign-on for this email address. Use ‘Sign in with SSO’ below.';
/** An admin's Add User or password change for such an address. */
export const SSO_REQUIRED_NO_PASSWORD =
  'Your organization requires single sign-on for this email address: people there sign in with SSO and need no password.';
/** An invitation opened by such an address: it is accepted by signing in with SSO. */
export const SSO_REQUIRED_FOR_INVITATION =
  'Your organization requires single sign-on for this email address. Sign in with SSO to accept this invitation.';

/** The product-wide claim of the address's domain, to read with the caller's other keys; none for an address without a domain name. */
export function claimKeyOf(email: string) {
  const domain = domainOfEmail(email.trim().toLowerCase());
  return isDomainName(domain) ? ssoKeys.ssoDomainClaim(domain) : undefined;
}

/**
 * For RouteOptions.preload (Add User): the email item the body names and its domain's claim (none
 * when the domain is no name), read in the session's round trip.
 */
export function preloadSavedEmail({ body }: { body: { username: string } | undefined }) {
  return body ? ([userKeys.email(body.username), claimKeyOf(body.username)] as const) : undefined;
}

/**
 * The organization that verified the address's domain, when it requires single sign-on. Read
 * whenever the domain is claimed, whether or not the address has an account: the cost tells nothing.
 */
export async function organizationRequiringSso(claim: SsoDomainClaimItem | undefined): Promise<OrganizationItem | undefined> {
  if (!claim) return undefined;
  const org = await getItem(organizationKeys.organization(claim.orgId), { consistentRead: true });
  return org?.requireSso === true ? org : undefined;
}

/** Whether this admin keeps password sign-in while single sign-on is required. */
export const keepsPasswordAccess = (org: Pick<OrganizationItem, 'passwordAccessUserIds'>, userId: string) =>
  org.passwordAccessUserIds?.has(userId) === true;

/**
 * Whether a password may not be used for the address: its domain's organization requires single
 * sign-on, and the address is no account (answered as a member would be, so the refusal tells
 * nothing about who has one) or a member without password access. An account of another
 * organization (made before the domain was verified) is not this organization's to govern.
 */
export function passwordRefusedBySso(
  requiring: OrganizationItem | undefined,
  account: { orgId: string; userId: string } | undefined,
): boolean {
  if (!requiring) return false;
  if (!account) return true;
  return account.orgId === requiring.id && !keepsPasswordAccess(requiring, account.userId);
}

/** The claim of the address's domain, read consistently; none for an address without a domain name. */
export async function domainClaimOf(email: string): Promise<SsoDomainClaimItem | undefined> {
  const claimKey = claimKeyOf(email);
  return claimKey ? getItem(claimKey, { consistentRead: true }) : undefined;
}

/**
 * Whether a member's address is at a domain their organization verified and governs while it
 * requires single sign-on, given the domain's claim (read with the caller's other keys).
 */
export function memberClaimRequiresSso(
  org: Pick<OrganizationItem, 'id' | 'requireSso' | 'passwordAccessUserIds'>,
  claim: Pick<SsoDomainClaimItem, 'orgId'> | undefined,
  userId?: string,
): boolean {
  if (org.requireSso !== true) return false;
  if (userId && keepsPasswordAccess(org, userId)) return false;
  return claim?.orgId === org.id;
}

/**
 * The same for a member already loaded with their organization (a sign-in, a reset link): the
 * claim is read only when the organization requires single sign-on.
 */
export async function memberAddressRequiresSso(
  org: Pick<OrganizationItem, 'id' | 'requireSso' | 'passwordAccessUserIds'>,
  email: string,
  userId?: string,
): Promise<boolean> {
  if (org.requireSso !== true || (userId && keepsPasswordAccess(org, userId))) return false;
  return memberClaimRequiresSso(org, await domainClaimOf(email), userId);
}

/** Add User, a SCIM token or an invitation's acceptance making an account at a domain another organization verified. */
export const DOMAIN_VERIFIED_ELSEWHERE =
  'This email address is at a domain another organization verified for single sign-on: only that organization can add people there.';

/**
 * Whether the address's domain, given its claim, is verified by an organization other than `orgId`.
 * Only the domain's own organization creates accounts there (docs/decisions/097): a password account
 * made elsewhere would block its owner's single sign-on and sign in by password where the domain's
 * organization may require SSO. Accounts made before the domain was verified stay as they are.
 */
export const claimedElsewhere = (orgId: string, claim: Pick<SsoDomainClaimItem, 'orgId'> | undefined) =>
  claim !== undefined && claim.orgId !== orgId;
