import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { PASSKEY_CANCELLED, autofillErrorMessage, passkeyErrorMessage } from './passkey-errors';

const browserError = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('what a passkey sign-in tells the person', () => {
  it('the button: a cancel or timeout as one message, a server refusal and any other browser error as themselves', () => {
    expect(passkeyErrorMessage(browserError('NotAllowedError'))).toBe(PASSKEY_CANCELLED);
    expect(
      passkeyErrorMessage(new WebAuthnError({ message: 'x', code: 'ERROR_CEREMONY_ABORTED', cause: browserError('AbortError') })),
    ).toBe(PASSKEY_CANCELLED);
    expect(passkeyErrorMessage(new ApiError(401, '401: That passkey is not registered.'))).toBe(
      '401: That passkey is not registered.',
    );
    expect(passkeyErrorMessage(browserError('NotSupportedError', 'Not supported here.'))).toBe('Not supported here.');
  });

  it("the autofill's waiting request: only the server's answers, never the browser's own errors", () => {
    expect(autofillErrorMessage(new ApiError(401, '401: That passkey is not registered.'))).toBe(
      '401: That passkey is not registered.',
    );
    expect(autofillErrorMessage(new ApiError(503, '503: Service busy'))).toBe('503: Service busy');
    expect(autofillErrorMessage(browserError('NotAllowedError'))).toBeUndefined();
    expect(
      autofillErrorMessage(
        browserError(
          'NotSupportedError',
          "Resident credentials or empty 'allowCredentials' lists are not supported at this time.",
        ),
      ),
    ).toBeUndefined();
    expect(
      autofillErrorMessage(
        new WebAuthnError({ message: 'x', code: 'ERROR_CEREMONY_ABORTED', cause: browserError('AbortError') }),
      ),
    ).toBeUndefined();
  });
});
