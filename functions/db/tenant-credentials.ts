import { createHash, createHmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { realTime } from '../clock';
import { awsRegion, stsEndpoint } from '../config';

/**
 * Credentials of the tenant role (docs/decisions/111) for one organization: STS AssumeRole with the
 * session tag `orgId`, which the role's policy reads (`dynamodb:LeadingKeys` under
 * `ORG#${aws:PrincipalTag/orgId}`): with them, DynamoDB itself refuses another organization's
 * partitions. Kept per organization until a minute before they expire, so a warm function asks STS
 * once per organization every quarter hour, never per request.
 *
 * The call is signed by the SDK's own SigV4 signer, which every bundle already holds for DynamoDB:
 * the STS client would add about 35 KB to every handler bundle (four past their budget).
 */
export const TENANT_SESSION_SECONDS = 900;
const RENEW_BEFORE_MS = 60_000;
/** Organizations whose credentials a warm function keeps; past it the oldest go. */
const KEPT = 100;

/** What the SDK's clients take as credentials. */
export interface TenantCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

interface Kept {
  credentials: Promise<TenantCredentials>;
  expiresAt: number;
}

const kept = new Map<string, Kept>();

/** Forgets what this function holds (tests). */
export const forgetTenantCredentials = () => kept.clear();

/** The tenant role's credentials for `orgId`, from STS or from what this function already holds. */
export function tenantCredentials(roleArn: string, orgId: string): Promise<TenantCredentials> {
  const held = kept.get(orgId);
  if (held && held.expiresAt - RENEW_BEFORE_MS > realTime()) return held.credentials;
  const entry: Kept = { credentials: assume(roleArn, orgId), expiresAt: realTime() + TENANT_SESSION_SECONDS * 1000 };
  kept.delete(orgId);
  kept.set(orgId, entry);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  // A failed call is not kept: the next request asks again.
  entry.credentials.catch(() => kept.get(orgId) === entry && kept.delete(orgId));
  return entry.credentials;
}

/** SHA-256 for the signer, from Node's own crypto (the SDK's node hash, not in every bundle). */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

async function assume(roleArn: string, orgId: string): Promise<TenantCredentials> {
  const region = awsRegion();
  const url = new URL(stsEndpoint() ?? `https://sts.${region}.amazonaws.com/`);
  const body = new URLSearchParams({
    Action: 'AssumeRole',
    Version: '2011-06-15',
    RoleArn: roleArn,
    RoleSessionName: `org-${orgId}`,
    DurationSeconds: String(TENANT_SESSION_SECONDS),
    'Tags.member.1.Key': 'orgId',
    'Tags.member.1.Value': orgId,
  }).toString();
  const signer = new SignatureV4({ service: 'sts', region, credentials: fromEnv(), sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  const response = await fetch(url, { method: 'POST', headers: signed.headers, body, signal: AbortSignal.timeout(2_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`STS AssumeRole answered ${response.status}: ${text.slice(0, 300)}`);
  const field = (name: string) => new RegExp(`<${name}>([^<]+)</${name}>`).exec(text)?.[1];
  const accessKeyId = field('AccessKeyId');
  const secretAccessKey = field('SecretAccessKey');
  if (!accessKeyId || !secretAccessKey) throw new Error('STS answered AssumeRole without credentials');
  const expiration = field('Expiration');
  const entry = kept.get(orgId);
  if (entry && expiration) entry.expiresAt = Date.parse(expiration);
  return {
    accessKeyId,
    secretAccessKey,
    sessionToken: field('SessionToken'),
    ...(expiration ? { expiration: new Date(expiration) } : {}),
  };
}
