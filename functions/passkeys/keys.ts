import { keyOf, USER } from '../db/keys';
import type { WebAuthnChallengeItem } from './challenges';
import type { PasskeyItem } from './item';

const PASSKEY = 'PASSKEY#';

/** The keys of a person's passkeys and of the challenges handed out (docs/data-model.md, Passkeys). */
export const passkeyKeys = {
  /** One of the user's passkeys, by its credential id: a sign-in finds it from the answer's user handle and id. */
  passkey: (userId: string, credentialId: string) => keyOf<PasskeyItem>(`${USER}${userId}`, `${PASSKEY}${credentialId}`),
  /** A WebAuthn challenge handed out, by its value (32 random bytes): its own partition, used up once. */
  webAuthnChallenge: (challenge: string) => keyOf<WebAuthnChallengeItem>(`WEBAUTHN_CHALLENGE#${challenge}`, 'WEBAUTHN_CHALLENGE'),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const passkeyCollections = {
  passkeysOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: PASSKEY }),
} as const;
