import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { inject } from 'vitest';

/**
 * A passkey authenticator in software, as a browser and a platform authenticator would answer
 * WebAuthn's create() and get(): keys made here with node:crypto (ES256 on P-256, or Ed25519),
 * attestation 'none' in CBOR, a signature counter, and user verification. What a test changes (the
 * origin, the relying party, the counter, the backup flags) it passes as an option, to play a
 * phishing site, a cloned key or an authenticator that contradicts itself.
 */

type Algorithm = 'ES256' | 'Ed25519';

interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  algorithm: Algorithm;
  rpId: string;
  userHandle: string;
  counter: number;
  /** Backup eligibility and state (WebAuthn §6.1.3, BE and BS): a synced passkey has both, one on a security key neither. */
  backup: BackupFlags;
}

/** The authenticator data's backup flags; both off unless a test says otherwise. */
export interface BackupFlags {
  eligible: boolean;
  backedUp: boolean;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;
const backupFlagBits = ({ eligible, backedUp }: BackupFlags) => (eligible ? FLAG_BE : 0) | (backedUp ? FLAG_BS : 0);

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

/** The COSE form of a public key (RFC 9053): EC2 P-256 for ES256, OKP Ed25519 for EdDSA. */
function coseKey(privateKey: KeyObject, algorithm: Algorithm): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value!, 'base64url'));
  const map =
    algorithm === 'ES256'
      ? new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, coordinate(jwk.x)],
          [-3, coordinate(jwk.y)],
        ])
      : new Map<number, number | Uint8Array>([
          [1, 1],
          [3, -8],
          [-1, 6],
          [-2, coordinate(jwk.x)],
        ]);
  return isoCBOR.encode(map);
}

/** The site a test's requests come from, as the browser would put it in the client data. */
export const siteOrigin = () => new URL(inject('apiUrl')).origin;

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  constructor(
    private readonly algorithm: Algorithm = 'ES256',
    /** The backup flags its credentials are made with: none (a device-bound key) unless a test plays a synced passkey. */
    private readonly backup: BackupFlags = { eligible: false, backedUp: false },
  ) {}

  /** navigator.credentials.create(): a new credential for the options' relying party and user. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string; rpId?: string; backup?: BackupFlags } = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id!;
    const backup = overrides.backup ?? this.backup;
    const { privateKey } =
      this.algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519');
    const credentialId = randomBytes(16);
    const credential: StoredCredential = {
      id: b64url(credentialId),
      privateKey,
      algorithm: this.algorithm,
      rpId,
      userHandle: options.user.id,
      counter: 0,
      backup,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | backupFlagBits(backup) | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      credentialId,
      coseKey(privateKey, this.algorithm),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: overrides.origin ?? siteOrigin(),
      crossOrigin: false,
    });
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the newest credential the options allow (or any of
   * this authenticator's, for discoverable ones), its counter moved on by one unless `counter` says
   * otherwise, its backup flags those it was created with unless `backup` says otherwise.
   */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: {
      origin?: string;
      rpId?: string;
      counter?: number;
      credential?: StoredCredential;
      userVerified?: boolean;
      backup?: BackupFlags;
    } = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((descriptor) => descriptor.id);
    const credential =
      overrides.credential ?? this.credentials.findLast((candidate) => !allowed?.length || allowed.includes(candidate.id));
    if (!credential) throw new Error('The authenticator has no credential these options allow');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
    const flags =
      FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV) | backupFlagBits(overrides.backup ?? credential.backup);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: overrides.origin ?? siteOrigin(),
        crossOrigin: false,
      }),
    );
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const signature =
      credential.algorithm === 'ES256'
        ? sign('sha256', signed, credential.privateKey)
        : sign(null, signed, credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
