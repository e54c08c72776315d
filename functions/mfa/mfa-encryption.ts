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
}

let derived: Promise<MfaKeys> | undefined;

function mfaKeys(): Promise<MfaKeys> {
  derived ??= stageSecret()
    .then((secret) => {
      if (!secret || secret.length < 32) throw new Error('The MFA encryption secret is missing or shorter than 32 characters');
      const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'growthwise-mfa', info, 32));
      return { encryption: derive('totp-secret-encryption'), recovery: derive('recovery-code-hash') };
    })
    .catch((error: unknown) => {
      derived = undefined;
      throw error;
    });
  return derived;
}

const VERSION = 'v1';

/**
 * Encrypts a TOTP secret for one user: the user id is the authenticated data, so a ciphertext
 * copied onto another user's item does not decrypt.
 */
export async function encryptTotpSecret(secret: string, userId: string): Promise<string> {
  const { encryption } = await mfaKeys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryption, iv).setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, data, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export async function decryptTotpSecret(stored: string, userId: string): Promise<string> {
  const { encryption } = await mfaKeys();
  const [version, iv, data, tag] = stored.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('Unknown format of a stored TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', encryption, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A recovery code's stored form: keyed, so the hashes alone (a table export, a backup) do not let
 * anyone try the 2^50 codes offline. The code is normalized first (lower case, no dash).
 */
export async function hashRecoveryCode(code: string): Promise<string> {
  const { recovery } = await mfaKeys();
  return createHmac('sha256', recovery).update(code.trim().toLowerCase().replace('-', '')).digest('hex');
}
