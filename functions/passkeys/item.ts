import type { CredentialDeviceType, WebAuthnCredential } from '@simplewebauthn/server';
import type { PasskeyResponse } from '../../shared/schemas/passkeys';

/** One passkey of a user: `USER#<userId> / PASSKEY#<credentialId>` (passkeyKeys.passkey): a sign-in's answer finds it with one GetItem. */
export interface PasskeyItem {
  type: 'PASSKEY';
  /** Ours (a ULID): what the API names it by. */
  id: string;
  /** The authenticator's credential id, base64url: what a sign-in's answer names it by. */
  credentialId: string;
  userId: string;
  orgId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0 for those that keep none). */
  counter: number;
  transports: NonNullable<WebAuthnCredential['transports']>;
  /**
   * Backup eligibility as registered ('multiDevice' = BE set): fixed for a credential's life, so an
   * answer that says otherwise is not from this credential's authenticator.
   */
  deviceType: CredentialDeviceType;
  /** Backup state (BS) at the last use: it may change, it is kept to show. */
  backedUp: boolean;
  createdAt: string;
  lastUsedAt?: string;
}

export const toPasskeyResponse = (passkey: PasskeyItem): PasskeyResponse => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt ?? null,
});
