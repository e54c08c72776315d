import { type WriteContext, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { organizationKeys } from '../organization/keys';
import { actorIsAdmin } from '../organization-users/writes';
import { lookUpTxt } from './dns-txt';
import { type SsoDomainClaimItem, type SsoDomainItem, newSsoDomain, txtNameOf } from './item';
import { ssoCollections, ssoKeys } from './keys';

/**
 * An organization's verified domains (issue 40, item 1; docs/decisions/043): added by an admin,
 * proved by a TXT record, claimed product-wide by one organization at most. Each change is one
 * TransactWriteItems with a check that the actor is still an admin and its audit entry.
 */

export const DOMAIN_TAKEN = 'This domain is verified by another organization.';
export const DOMAIN_ALREADY_ADDED = 'This domain is already added.';
/** A few per organization are plenty (a company and its brands); the list stays one small Query. */
export const SSO_DOMAINS_MAX = 20;
export const TOO_MANY_DOMAINS = `An organization can add at most ${SSO_DOMAINS_MAX} domains. Remove one first.`;
const DOMAIN_NOT_FOUND = 'This domain is not one of your organization’s.';

const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);

const domainAudit = (
  context: WriteContext,
  domain: SsoDomainItem,
  action: 'sso.domain_added' | 'sso.domain_verified' | 'sso.domain_removed',
) => auditPut(context, { action, target: { type: 'domain', id: domain.domain, label: domain.domain } });

/** The organization's domains, in name order (the sort key's); strong, as the list is read again right after a change. */
export const listSsoDomains = (orgId: string) =>
  queryCollection<SsoDomainItem>(ssoCollections.ssoDomainsOfOrganization(orgId), { consistentRead: true });

/** Adds a domain, unverified, with a new TXT value. 409 when this organization has it or another verified it. */
export async function addSsoDomain(context: WriteContext, domain: string): Promise<SsoDomainItem> {
  const { actor } = context;
  const [claim, existing] = await Promise.all([getItem(ssoKeys.ssoDomainClaim(domain)), listSsoDomains(actor.orgId)]);
  if (claim && claim.orgId !== actor.orgId) throw new Conflict(DOMAIN_TAKEN);
  if (existing.some((item) => item.domain === domain)) throw new Conflict(DOMAIN_ALREADY_ADDED);
  if (existing.length >= SSO_DOMAINS_MAX) throw new Refused('invalid', TOO_MANY_DOMAINS);
  const item = newSsoDomain(actor.orgId, domain, clockNow().toISOString());
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...ssoKeys.ssoDomain(actor.orgId, domain), ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      domainAudit(context, item, 'sso.domain_added'),
    ],
    (failed) => (failed.has(0) ? notAdmin() : failed.has(1) ? new Conflict(DOMAIN_ALREADY_ADDED) : undefined),
  );
  return item;
}

/** Why the TXT record does not prove the domain, in words an admin can act on. */
function notProved(item: SsoDomainItem, found: { records: string[] } | { failed: string }): Refused {
  const name = txtNameOf(item.domain);
  if ('failed' in found)
    return new Refused('invalid', `The DNS lookup of ${name} failed (${found.failed}). Try again in a few minutes.`);
  if (found.records.length === 0) {
    return new Refused(
      'invalid',
      `No TXT record was found at ${name}. Add one with the value ${item.txtValue}; DNS changes can take a few minutes to show.`,
    );
  }
  const seen = found.records.map((record) => `"${record}"`).join(', ');
  return new Refused('invalid', `The TXT records at ${name} are ${seen}: none is ${item.txtValue}.`);
}

/**
 * Verifies a domain by its TXT record. An already verified one is answered as it is (a second
 * click changes nothing). 409 when another organization verified the domain first.
 */
export async function verifySsoDomain(context: WriteContext, item: SsoDomainItem | undefined): Promise<SsoDomainItem> {
  const { actor } = context;
  if (!item) throw new NotFound(DOMAIN_NOT_FOUND);
  if (item.verifiedAt) return item;
  const found = await lookUpTxt(txtNameOf(item.domain));
  if ('failed' in found || !found.records.includes(item.txtValue)) throw notProved(item, found);
  const verifiedAt = clockNow().toISOString();
  const claim: SsoDomainClaimItem = { type: 'SSO_DOMAIN_CLAIM', domain: item.domain, orgId: actor.orgId, verifiedAt };
  const verified = { ...item, verifiedAt };
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...ssoKeys.ssoDomainClaim(item.domain), ...claim },
          ConditionExpression: 'attribute_not_exists(PK) OR orgId = :org',
          ExpressionAttributeValues: { ':org': actor.orgId },
        },
      },
      {
        Update: {
          TableName: TABLE_NAME,
          Key: ssoKeys.ssoDomain(actor.orgId, item.domain),
          UpdateExpression: 'SET verifiedAt = :at',
          ConditionExpression: 'txtValue = :txt',
          ExpressionAttributeValues: { ':at': verifiedAt, ':txt': item.txtValue },
        },
      },
      domainAudit(context, verified, 'sso.domain_verified'),
      organizationDomainsChange(actor.orgId, 'ADD', item.domain),
    ],
    (failed) => {
      if (failed.has(0)) return notAdmin();
      if (failed.has(1)) return new Conflict(DOMAIN_TAKEN);
      // Removed (or removed and added again, with a new value) while the lookup ran.
      if (failed.has(2)) return new NotFound(DOMAIN_NOT_FOUND);
      return undefined;
    },
  );
  return verified;
}

/** The organization's verified domains as sessions see them (OrganizationItem.ssoDomains): one more or one fewer. */
const organizationDomainsChange = (orgId: string, change: 'ADD' | 'DELETE', domain: string): TransactItem => ({
  Update: {
    TableName: TABLE_NAME,
    Key: organizationKeys.organization(orgId),
    UpdateExpression: `${change} ssoDomains :domain`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':domain': new Set([domain]) },
  },
});

/** Removes a domain and, when it was verified, the organization's claim on it: another organization may then verify it. */
export async function removeSsoDomain(context: WriteContext, item: SsoDomainItem | undefined): Promise<SsoDomainItem> {
  const { actor } = context;
  if (!item) throw new NotFound(DOMAIN_NOT_FOUND);
  const items: TransactItem[] = [
    actorIsAdmin(actor),
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: ssoKeys.ssoDomain(actor.orgId, item.domain),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    domainAudit(context, item, 'sso.domain_removed'),
  ];
  // A verified domain's claim is this organization's (written with the verification); the condition keeps it so.
  if (item.verifiedAt)
    items.push(organizationDomainsChange(actor.orgId, 'DELETE', item.domain), {
      Delete: {
        TableName: TABLE_NAME,
        Key: ssoKeys.ssoDomainClaim(item.domain),
        ConditionExpression: 'attribute_not_exists(PK) OR orgId = :org',
        ExpressionAttributeValues: { ':org': actor.orgId },
      },
    });
  await transactWriteExplained(items, (failed) =>
    failed.has(0) ? notAdmin() : failed.has(1) ? new NotFound(DOMAIN_NOT_FOUND) : undefined,
  );
  return item;
}
