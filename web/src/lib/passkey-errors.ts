import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from './api-client';

export const PASSKEY_CANCELLED = 'The passkey request was cancelled or timed out.';
export const PASSKEY_ALREADY_ON_DEVICE = 'This device already holds a passkey for your account.';

/**
 * What to tell the person when the browser's passkey dialog ends without an answer: the browser's
 * own errors say 'NotAllowedError' for a cancel and a timeout alike (on purpose, WebAuthn §13.4.7),
 * so that is what we say; a server refusal keeps its own message.
 */
export function passkeyErrorMessage(error: unknown): string {
  const name = error instanceof WebAuthnError ? (error.cause as Error | undefined)?.name : (error as Error | undefined)?.name;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return PASSKEY_ALREADY_ON_DEVICE;
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_CANCELLED;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the autofill's waiting request has to tell: only the server's answers (a refused passkey the
 * person picked from the suggestions, a failed request). The browser's own errors are no news to a
 * person who did nothing: a cancel (every button sign-in and every leaving of the page cancels it), or
 * autofill announced but refused when asked (Chromium's headless shell: NotSupportedError). The
 * button still signs in with a passkey.
 */
export const autofillErrorMessage = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.message : undefined;
