import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { secretOnce } from '../aws/secret-value';

/**
 * The keys that protect two-factor data at rest, derived (HKDF-SHA-256) from the stage's own MFA
 * secret: MFA_ENCRYPTION_SECRET locally, the secret MFA_ENCRYPTION_SECRET_ARN names in the cloud.
 * Not the session key: that one is rotated weekly, and a rotation must never make the stored TOTP
 * secrets unreadable (docs/decisions/016).
 */
const stageSecret = secretOnce('MFA_ENCRYPTION_SECRET');

interface MfaKeys {
  /** AES-256-GCM key of the stored TOTP secrets. */
  encryption: Buffer;
  /** HMAC-SHA-256 key of the recovery codes' hashes. */
  recovery: Buffer;
  /** AES-256-GCM key of the organizations' OIDC client secrets (docs/decisions/044). */
  ssoClientSecret: Buffer;
  /** HMAC-SHA-256 key of the mails' unsubscribe links (docs/decisions/055). */
  unsubscribeLink: Buffer;
}

let derived: Promise<MfaKeys> | undefined;

function mfaKeys(): Promise<MfaKeys> {
  derived ??= stageSecret()
    .then((secret) => {
      if (!secret || secret.length < 32) throw new Error('The MFA encryption secret is missing or shorter than 32 characters');
      const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'growthwise-mfa', info, 32));
      return {
        encryption: derive('totp-secret-encryption'),
        recovery: derive('recovery-code-hash'),
        ssoClientSecret: derive('sso-client-secret-encryption'),
        unsubscribeLink: derive('mail-unsubscribe-link'),
      };
    })
    .catch((error: unknown) => {
      derived = undefined;
      throw error;
    });
  return derived;
}

const VERSION = 'v1';

/** AES-256-GCM with `bound` as the authenticated data: a ciphertext copied onto another item does not decrypt. */
function seal(key: Buffer, plaintext: string, bound: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(bound));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, data, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function unseal(key: Buffer, stored: string, bound: string): string {
  const [version, iv, data, tag] = stored.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('Unknown format of a stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(bound));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Encrypts a TOTP secret for one user: the user id is the authenticated data, so a ciphertext
 * copied onto another user's item does not decrypt.
 */
export const encryptTotpSecret = async (secret: string, userId: string) => seal((await mfaKeys()).encryption, secret, userId);
export const decryptTotpSecret = async (stored: string, userId: string) => unseal((await mfaKeys()).encryption, stored, userId);

/** An organization's OIDC client secret, bound to the organization's id, under a key of its own. */
export const encryptSsoClientSecret = async (secret: string, orgId: string) =>
  seal((await mfaKeys()).ssoClientSecret, secret, orgId);
export const decryptSsoClientSecret = async (stored: string, orgId: string) =>
  unseal((await mfaKeys()).ssoClientSecret, stored, orgId);

/**
 * A recovery code's stored form: keyed, so the hashes alone (a table export, a backup) do not let
 * anyone try the 2^50 codes offline. The code is normalized first (lower case, no dash).
 */
export async function hashRecoveryCode(code: string): Promise<string> {
  const { recovery } = await mfaKeys();
  return createHmac('sha256', recovery).update(code.trim().toLowerCase().replace('-', '')).digest('hex');
}

/** The key of the unsubscribe links: long-lived links need a key that is not rotated (docs/decisions/055). */
export const unsubscribeLinkKey = async () => (await mfaKeys()).unsubscribeLink;
