import * as passkeyEndpoints from '@shared/contract/passkeys';
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { call } from '../../../lib/api-client';
import { passkeyErrorMessage } from '../../../lib/passkey-errors';
import { useSignedIn, welcomeBack } from './auth';

export const passkeyLoginFailed = (error: Error) =>
  toast({ title: 'Login failed', description: passkeyErrorMessage(error), variant: 'destructive' });

/**
 * 'Sign in with a passkey' on /auth, and the browser's autofill (`autofill: true`, conditional
 * mediation: the passkeys show among the email field's suggestions). The options name no account;
 * the answer signs in, then the page asked for or the dashboard, as a password sign-in does.
 */
export function usePasskeySignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const options = await call(passkeyEndpoints.signInOptions);
      const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
      return call(passkeyEndpoints.signIn, { body: { response } });
    },
    onSuccess: (user) => {
      welcomeBack(user);
      signedIn(user);
    },
  });
}

/** The second step of a sign-in by one of the account's passkeys (with the pending cookie of the password step). */
export function usePasskeySecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async () => {
      const options = await call(passkeyEndpoints.secondFactorOptions);
      const response = await startAuthentication({ optionsJSON: options });
      return call(passkeyEndpoints.secondFactor, { body: { response } });
    },
    onSuccess: (user) => {
      welcomeBack(user);
      signedIn(user);
    },
    onError: passkeyLoginFailed,
  });
}
