import { createHash } from 'node:crypto';
import { safeReturnPath } from '../../shared/return-path';
import type { AuditClient } from '../audit-log/entries';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import type { OrganizationItem } from '../organization/item';
import type { UserItem } from '../user/item';
import { ssoConnectionOf } from './connections';
import type { SamlConnectionItem } from './item';
import { ssoKeys } from './keys';
import { type SamlAssertion, samlAuthorizationUrl, validateSamlResponse } from './saml';
import { SsoRefused, signInPerson } from './sign-in';
import { type PendingSamlSignIn, SSO_SIGN_IN_MS } from './sso-sign-in-cookie';

/**
 * SAML sign-in (docs/decisions/058): the AuthnRequest at the start, then the IdP's response at the
 * ACS checked against this browser's pending request, and the person signed in as the OIDC
 * callback signs them in (signInPerson).
 */

export async function startSamlSignIn(
  connection: SamlConnectionItem,
  origin: string,
  returnTo?: string,
): Promise<{ redirectUrl: string; pending: PendingSamlSignIn; expiresAt: number }> {
  const { url, requestId } = await samlAuthorizationUrl(connection, origin);
  return {
    redirectUrl: url,
    pending: { orgId: connection.orgId, requestId, returnTo: safeReturnPath(returnTo) },
    expiresAt: clockNow().getTime() + SSO_SIGN_IN_MS,
  };
}

/**
 * The write that spends an assertion: on condition that its id was never used, kept (ttl) until
 * the assertion would be refused as expired anyway. Written in the session's own transaction, so a
 * replay writes nothing and a refused sign-in spends nothing.
 */
export function spendAssertion(orgId: string, assertion: SamlAssertion): TransactItem {
  const idHash = createHash('sha256').update(assertion.assertionId).digest('hex');
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...ssoKeys.samlAssertionUsed(orgId, idHash),
        type: 'SAML_ASSERTION',
        usedAt: clockNow().toISOString(),
        ttl: ttlAt(assertion.acceptedUntilMs),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function finishSamlSignIn(
  pending: PendingSamlSignIn,
  samlResponse: string,
  origin: string,
  client: AuditClient,
): Promise<{ user: UserItem; org: OrganizationItem; assertion: SamlAssertion }> {
  const { connection, assertion } = await checkSamlResponse(pending, samlResponse, origin);
  // An IdP's assertion about an address is its word that the address is the person's.
  const signedIn = await signInPerson(connection, { email: assertion.email, emailVerified: true, name: assertion.name }, client);
  return { ...signedIn, assertion };
}

/** Every check of the response but the replay's (spendAssertion, in the caller's write), for a real sign-in or a test. */
export async function checkSamlResponse(
  pending: PendingSamlSignIn,
  samlResponse: string,
  origin: string,
): Promise<{ connection: SamlConnectionItem; assertion: SamlAssertion }> {
  const connection = await ssoConnectionOf(pending.orgId);
  if (connection?.protocol !== 'saml') throw new SsoRefused('the organization has no SAML connection');
  try {
    return { connection, assertion: await validateSamlResponse(connection, origin, samlResponse, pending.requestId) };
  } catch (error) {
    throw new SsoRefused(error instanceof Error ? error.message : String(error));
  }
}
