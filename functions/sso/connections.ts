import { PRODUCT_NAME } from '../../shared/product';
import type { OidcConnectionRequest, SamlConnectionRequest } from '../../shared/schemas/sso';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { transactWriteExplained } from '../db/transactions';
import { Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { encryptSsoClientSecret } from '../mfa/mfa-encryption';
import { actorIsAdmin } from '../organization-users/writes';
import { OutboundRefused } from '../security/outbound-fetch';
import type { SamlConnectionItem, SsoConnectionItem } from './item';
import { ssoKeys } from './keys';
import { discover } from './oidc';
import { MetadataRefused, parseIdpMetadata } from './saml-metadata';

/** Under the issuer field when its address is one the functions may not reach (docs/decisions/096). */
export const ISSUER_NOT_PUBLIC = `This address can’t be reached from ${PRODUCT_NAME}: enter your identity provider’s public https URL`;

/** The guard's refusal, which openid-client hands on as the cause of its own error. */
function outboundRefusal(error: unknown): OutboundRefused | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof OutboundRefused) return cause;
  return undefined;
}

/** The organization's connection, or undefined while it has none. */
export const ssoConnectionOf = (orgId: string) => getItem(ssoKeys.ssoConnection(orgId), { consistentRead: true });

/**
 * Saves the organization's OIDC connection, once its issuer's discovery document was read (a typo
 * is told at once, not at the first sign-in). The secret is stored encrypted; the audit entry names
 * the issuer and client id, never the secret.
 */
export async function saveOidcConnection(context: WriteContext, input: OidcConnectionRequest): Promise<SsoConnectionItem> {
  const { actor } = context;
  try {
    await discover(input.issuer, input.clientId, input.clientSecret);
  } catch (error) {
    const refused = outboundRefusal(error);
    if (refused)
      throw new Refused('invalid', `The identity provider's address ${input.issuer} was refused: ${refused.message}`, {
        issuer: ISSUER_NOT_PUBLIC,
      });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Refused('invalid', `Could not read the identity provider's configuration at ${input.issuer}: ${reason}`, {
      issuer: 'Could not read the identity provider’s configuration at this URL',
    });
  }
  const item: SsoConnectionItem = {
    type: 'SSO_CONNECTION',
    orgId: actor.orgId,
    protocol: 'oidc',
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretEncrypted: await encryptSsoClientSecret(input.clientSecret, actor.orgId),
    jitRole: input.jitRole ?? 'staff',
    updatedAt: clockNow().toISOString(),
  };
  await putConnection(context, item, { issuer: input.issuer, clientId: input.clientId });
  return item;
}

/**
 * Saves the organization's SAML connection from its identity provider's metadata, read here: a
 * metadata file without an IdP, a Redirect sign-on URL or a usable signing certificate is refused
 * under the field, in words that say which part is missing.
 */
export async function saveSamlConnection(context: WriteContext, input: SamlConnectionRequest): Promise<SsoConnectionItem> {
  const { actor } = context;
  let metadata;
  try {
    metadata = parseIdpMetadata(input.metadataXml);
  } catch (error) {
    if (!(error instanceof MetadataRefused)) throw error;
    throw new Refused('invalid', error.message, { metadataXml: error.message });
  }
  const item: SamlConnectionItem = {
    type: 'SSO_CONNECTION',
    orgId: actor.orgId,
    protocol: 'saml',
    idpEntityId: metadata.entityId,
    ssoUrl: metadata.ssoUrl,
    certificates: metadata.certificates,
    jitRole: input.jitRole ?? 'staff',
    updatedAt: clockNow().toISOString(),
  };
  await putConnection(context, item, { idpEntityId: item.idpEntityId, ssoUrl: item.ssoUrl });
  return item;
}

/** The connection replaces any earlier one (one per organization), with the admin check and its audit entry (never a secret). */
async function putConnection(context: WriteContext, item: SsoConnectionItem, described: Record<string, string>) {
  const { actor } = context;
  const label = item.protocol === 'oidc' ? item.issuer : item.idpEntityId;
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      { Put: { TableName: TABLE_NAME, Item: { ...ssoKeys.ssoConnection(actor.orgId), ...item } } },
      auditPut(context, {
        action: 'sso.connection_changed',
        target: { type: 'organization', id: actor.orgId, label },
        details: { protocol: item.protocol, ...described, jitRole: item.jitRole },
      }),
    ],
    (failed) => (failed.has(0) ? new Refused('not-allowed', ADMINS_ONLY) : undefined),
  );
}
