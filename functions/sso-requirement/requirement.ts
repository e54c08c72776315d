import type { SsoRequirementResponse } from '../../shared/schemas/sso-requirement';
import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { actorIsAdmin } from '../organization-users/writes';
import { ssoConnectionOf } from '../sso/connections';
import { listSsoDomains } from '../sso/domains';
import type { SsoConnectionItem, SsoDomainItem } from '../sso/item';
import { ssoKeys } from '../sso/keys';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { adminsOfOrganization } from '../user/reads';
import { keepsPasswordAccess } from './rules';

/**
 * Turning single sign-on's requirement on and off, and who keeps password access (docs/decisions/059).
 * Each change is one TransactWriteItems with the check that the actor is still an admin and its
 * audit entry.
 */

export const NEEDS_CONNECTION = 'Connect an identity provider before requiring single sign-on.';
export const NEEDS_VERIFIED_DOMAIN = 'Verify a domain before requiring single sign-on.';
export const LAST_PASSWORD_ACCESS =
  'At least one admin must keep password access while single sign-on is required. Give another admin password access first.';
export const ONLY_ADMINS_KEEP_PASSWORD_ACCESS = 'Only admins can keep password access.';
/** The admins listed beside the switch: far more than any organization has. */
const ADMINS_LISTED = 100;

/** What keeps the requirement from being turned on, or undefined when nothing does. */
const blockerOf = (connection: SsoConnectionItem | undefined, domains: SsoDomainItem[]) =>
  !connection ? NEEDS_CONNECTION : !domains.some((domain) => domain.verifiedAt) ? NEEDS_VERIFIED_DOMAIN : undefined;

/**
 * The requirement as the Single sign-on tab shows it. The organization and connection a read route
 * already holds (the session's, the preload's) are passed in; after a change they are read again, strongly.
 */
export async function readSsoRequirement(
  orgId: string,
  held?: { org: OrganizationItem; connection: SsoConnectionItem | undefined },
): Promise<SsoRequirementResponse> {
  const [org, connection, domains, admins] = await Promise.all([
    held ? held.org : getItem(organizationKeys.organization(orgId), { consistentRead: true }),
    held ? held.connection : ssoConnectionOf(orgId),
    listSsoDomains(orgId),
    adminsOfOrganization(orgId, ADMINS_LISTED),
  ]);
  return {
    requireSso: org?.requireSso === true,
    admins: admins
      .filter((admin) => admin.role === 'admin')
      .map((admin) => ({
        id: admin.id,
        fullName: admin.fullName,
        username: admin.username,
        passwordAccess: !!org && keepsPasswordAccess(org, admin.id),
      })),
    blockedBy: blockerOf(connection, domains) ?? null,
  };
}

/**
 * Requires single sign-on (or stops requiring it). On needs a connection and a verified domain,
 * both checked again in the write; when no admin keeps password access yet, the acting admin does,
 * in the same write: the organization is never left without a way in when the IdP is down.
 */
export async function setRequireSso(context: WriteContext, org: OrganizationItem, requireSso: boolean) {
  const { actor } = context;
  const items: TransactItem[] = [actorIsAdmin(actor)];
  const grantsActor = requireSso && (org.passwordAccessUserIds?.size ?? 0) === 0;
  let verifiedDomains: Set<string> | undefined;
  if (requireSso) {
    const [connection, domains] = await Promise.all([ssoConnectionOf(org.id), listSsoDomains(org.id)]);
    const blocker = blockerOf(connection, domains);
    if (blocker) throw new Refused('invalid', blocker, { requireSso: blocker });
    const verified = domains.find((domain) => domain.verifiedAt)!;
    verifiedDomains = new Set(domains.filter((domain) => domain.verifiedAt).map((domain) => domain.domain));
    items.push(
      {
        ConditionCheck: {
          TableName: TABLE_NAME,
          Key: ssoKeys.ssoConnection(org.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        ConditionCheck: {
          TableName: TABLE_NAME,
          Key: ssoKeys.ssoDomain(org.id, verified.domain),
          ConditionExpression: 'attribute_exists(verifiedAt)',
        },
      },
    );
  }
  items.push({
    Update: {
      TableName: TABLE_NAME,
      Key: organizationKeys.organization(org.id),
      ...updateExpression(
        {
          // The verified domains, whole: from now on each verification and removal keeps them (sessions read them).
          set: { requireSso, ...(verifiedDomains ? { ssoDomains: verifiedDomains } : {}) },
          ...(grantsActor ? { add: { passwordAccessUserIds: new Set([actor.id]) } } : {}),
        },
        { expression: 'attribute_exists(PK)' },
      ),
    },
  });
  items.push(
    auditPut(context, {
      action: 'sso.requirement_changed',
      target: { type: 'organization', id: org.id, label: org.name },
      details: { requireSso, ...(grantsActor ? { passwordAccessKeptBy: actor.fullName } : {}) },
    }),
  );
  await transactWriteExplained(items, (failed) => {
    if (failed.has(0)) return new Refused('not-allowed', ADMINS_ONLY);
    // Removed meanwhile: the first read said otherwise.
    if (requireSso && failed.has(1)) return new Refused('invalid', NEEDS_CONNECTION, { requireSso: NEEDS_CONNECTION });
    if (requireSso && failed.has(2)) return new Refused('invalid', NEEDS_VERIFIED_DOMAIN, { requireSso: NEEDS_VERIFIED_DOMAIN });
    return undefined;
  });
}

/**
 * Gives an admin password access, or takes it away. Only admins hold it; while single sign-on is
 * required the last holder keeps it (409), checked in the write so two admins removing each
 * other's at once cannot both succeed.
 */
export async function setPasswordAccess(
  context: WriteContext,
  org: OrganizationItem,
  target: UserItem | undefined,
  passwordAccess: boolean,
) {
  const { actor } = context;
  if (!target) throw new NotFound('This person is not one of your organization’s users.');
  const ids = new Set([target.id]);
  const change: TransactItem = passwordAccess
    ? {
        Update: {
          TableName: TABLE_NAME,
          Key: organizationKeys.organization(org.id),
          ...updateExpression({ add: { passwordAccessUserIds: ids } }, { expression: 'attribute_exists(PK)' }),
        },
      }
    : {
        Update: {
          TableName: TABLE_NAME,
          Key: organizationKeys.organization(org.id),
          ...updateExpression(
            { delete: { passwordAccessUserIds: ids } },
            {
              expression:
                'attribute_exists(PK) AND (requireSso <> :on OR attribute_not_exists(requireSso) OR size(passwordAccessUserIds) > :one OR NOT contains(passwordAccessUserIds, :id))',
              values: { ':on': true, ':one': 1, ':id': target.id },
            },
          ),
        },
      };
  const targetIsAdmin: TransactItem = {
    ConditionCheck: {
      TableName: TABLE_NAME,
      Key: userKeys.user(org.id, target.id),
      ConditionExpression: '#role = :admin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':admin': 'admin' },
    },
  };
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      change,
      // One's own: the actor's check is already the target's (a transaction names an item once).
      ...(passwordAccess && target.id !== actor.id ? [targetIsAdmin] : []),
      auditPut(context, { action: 'sso.password_access_changed', target: userTarget(target), details: { passwordAccess } }),
    ],
    (failed) => {
      if (failed.has(0)) return new Refused('not-allowed', ADMINS_ONLY);
      if (failed.has(1)) return new Conflict(LAST_PASSWORD_ACCESS);
      if (failed.has(2)) return new Refused('invalid', ONLY_ADMINS_KEEP_PASSWORD_ACCESS);
      return undefined;
    },
  );
}
