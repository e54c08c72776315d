import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { text } from './fields';

/** A passkey as the Passkeys card lists it. */
const passkeyResponse = /* @__PURE__ */ (() =>
  z.object({
    /** The credential's id (base64url), as the authenticator made it. */
    id: z.string(),
    name: z.string(),
    /** ISO-8601. */
    createdAt: z.string(),
    /** ISO-8601, or null until it signs in once. */
    lastUsedAt: z.nullable(z.string()),
  }))();
export type PasskeyResponse = z.infer<typeof passkeyResponse>;

/** GET /api/user/passkeys: newest first. */
export const passkeyListResponse = /* @__PURE__ */ (() => z.array(passkeyResponse))();
/** POST /api/user/passkeys: the passkey added. */
export const addedPasskeyResponse = /* @__PURE__ */ (() =>
  z.object({ id: z.string(), name: z.string(), createdAt: z.string() }))();
/** DELETE /api/user/passkeys/{id}: the id of the passkey removed. */
export const removedPasskeyResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();

export const PASSKEY_NAME_REQUIRED = 'Passkey name is required';
export const PASSKEY_NAME_MAX = 64;
const passkeyName = /* @__PURE__ */ (() => text(1, PASSKEY_NAME_REQUIRED, 'Passkey name', PASSKEY_NAME_MAX))();

/**
 * What the browser's WebAuthn call gave (simplewebauthn's JSON form): only its outline is checked
 * here; the library checks every byte of it against the stored challenge and key.
 */
const credentialOutline = (kind: string) =>
  z.object({
    id: z.string().check(z.minLength(1, `The ${kind} is malformed`), z.maxLength(1024, `The ${kind} is malformed`)),
    rawId: z.string(),
    type: z.literal('public-key'),
    // object, not a record: the browser library's interfaces have no index signature.
    response: z.custom<object>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      `The ${kind} is malformed`,
    ),
  });

/** POST /api/user/passkeys: the authenticator's answer to the creation options, and the name its owner gave it. */
export const addPasskeyRequest = /* @__PURE__ */ (() =>
  z.object({
    name: passkeyName,
    response: z.pipe(
      credentialOutline('passkey response'),
      z.transform((value) => value as unknown as RegistrationResponseJSON),
    ),
  }))();
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequest>;

/** The Add a passkey form. */
export const passkeyNameForm = /* @__PURE__ */ (() => z.object({ name: passkeyName }))();
export type PasskeyNameForm = z.infer<typeof passkeyNameForm>;

/** POST /api/login/passkey and /api/login/mfa/passkey: the authenticator's answer to the request options. */
export const passkeySignInRequest = /* @__PURE__ */ (() =>
  z.object({
    response: z.pipe(
      credentialOutline('passkey response'),
      z.transform((value) => value as unknown as AuthenticationResponseJSON),
    ),
  }))();
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequest>;

/** The options for navigator.credentials.create, as JSON (simplewebauthn's startRegistration takes them as they are). */
export const passkeyCreationOptionsResponse = /* @__PURE__ */ (() =>
  z.custom<PublicKeyCredentialCreationOptionsJSON>((value) => typeof value === 'object' && value !== null))();
/** The options for navigator.credentials.get, as JSON. */
export const passkeyRequestOptionsResponse = /* @__PURE__ */ (() =>
  z.custom<PublicKeyCredentialRequestOptionsJSON>((value) => typeof value === 'object' && value !== null))();

/** Every refusal of a passkey sign-in says this: it never tells whether an account or a passkey exists. */
export const PASSKEY_NOT_ACCEPTED = 'This passkey could not sign you in. Try again, or sign in with your password.';
/** A challenge absent, expired or already used: the ceremony starts over. */
export const PASSKEY_EXPIRED = 'The passkey request expired. Please try again.';
/** A step-up by passkey refused: 400, not the sign-in's 401, which would end the session in the browser. */
export const PASSKEY_NOT_CONFIRMED = "This passkey could not confirm it's you. Try again, or use your password.";
export const NO_PASSKEY = 'You have no passkey. Use your password.';
/** The registration was refused (wrong origin, relying party, a malformed or replayed answer). */
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const TOO_MANY_PASSKEYS = 'You have the most passkeys an account may have. Remove one to add another.';
/** At most this many passkeys per account: the list is one small Query, the options' exclude list stays short. */
export const MAX_PASSKEYS = 10;
