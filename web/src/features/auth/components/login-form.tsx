import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginRequest, loginRequest } from '@shared/schemas/auth';
import type { SecondFactor } from '@shared/schemas/mfa';
import { WebAuthnAbortService, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { CircleAlert, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { autofillErrorMessage, passkeyErrorMessage } from '../../../lib/passkey-errors';
import { useBrowserValue, useHydrated } from '../../../lib/use-browser-value';
import { type NextProof, useLogin } from '../api/auth';
import { passkeyLoginFailed, usePasskeySignIn } from '../api/passkeys';
import { EmailCodeForm } from './email-code-form';
import { MfaCodeForm } from './mfa-code-form';

/**
 * The Login tab: email, password, 'Remember me' (form only, never sent), the 'Forgot your password'
 * link, and why a sign-in failed; for an account with two-factor on, then the code (issue 15); when
 * failed attempts ask for more proof, first the emailed code (docs/decisions/040). Passkeys are an
 * addition (issue 41): 'Sign in with a passkey' under the form, and the browser's autofill offers
 * them on the email field (`autocomplete="username webauthn"`).
 */
export function LoginForm() {
  const [step, setStep] = useState<'password' | NextProof>('password');
  const [factors, setFactors] = useState<SecondFactor[]>(['code']);
  const login = useLogin((proof, offered) => {
    if (offered) setFactors(offered);
    setStep(proof);
  });
  const hydrated = useHydrated();
  const [rememberMe, setRememberMe] = useState(false);
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequest), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const passkeys = usePasskeys(step === 'password');
  if (step === 'mfa') return <MfaCodeForm factors={factors} onExpired={() => setStep('password')} />;
  if (step === 'email-code')
    return (
      <EmailCodeForm
        onMfaRequired={(offered) => {
          setFactors(offered);
          setStep('mfa');
        }}
        onExpired={() => setStep('password')}
      />
    );
  const failure = login.error
    ? { title: 'Login failed', message: login.error.message }
    : passkeys.error
      ? { title: 'Login failed', message: passkeys.error }
      : undefined;
  return (
    <form
      noValidate
      // A refused sign-in is said at the form too (the toast fades): the password is what to retype.
      onSubmit={form.handleSubmit((values) =>
        login.mutate(values, { onError: () => form.setFocus('password', { shouldSelect: true }) }),
      )}
    >
      <div role="alert" className="empty:hidden">
        {failure ? (
          <p className="mb-4 flex items-start gap-2 rounded-md border border-danger-20 bg-danger-10 p-3 text-sm text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="grid gap-0.5">
              <span className="font-semibold">{failure.title}</span>
              <span>{failure.message}</span>
            </span>
          </p>
        ) : null}
      </div>
      {/* Until React has taken over the prerendered page, a submit would send the form natively (the
          password in the URL) and react-hook-form would clear what was typed: the fields wait. */}
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-4">
        <FormField label="Email address" htmlFor="login-email" error={errors.username?.message}>
          <Input
            id="login-email"
            type="email"
            autoComplete="username webauthn"
            placeholder="you@company.com"
            {...form.register('username')}
          />
        </FormField>
        <FormField label="Password" htmlFor="login-password" error={errors.password?.message}>
          <Input id="login-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="remember-me" checked={rememberMe} onCheckedChange={(checked) => setRememberMe(checked === true)} />
            <Label htmlFor="remember-me" className="font-normal">
              Remember me
            </Label>
          </div>
          {/* Spec section 2's link, now leading to the reset request (issue 13). */}
          <Link to="/forgot-password" className="text-sm font-medium">
            Forgot your password
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
        {passkeys.supported ? (
          <Button variant="outline" className="w-full" disabled={passkeys.pending} onClick={passkeys.signIn}>
            <KeyRound className="size-4" aria-hidden />
            {passkeys.pending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
          </Button>
        ) : null}
      </fieldset>
    </form>
  );
}

/**
 * Passkey sign-in on the password step: the button's ceremony, and the autofill's, which waits in
 * the background while the step shows (a passkey picked from the email field's suggestions signs in).
 * The button's ceremony cancels the waiting one (simplewebauthn allows one at a time); a failed or
 * cancelled button sign-in starts the autofill's again.
 */
function usePasskeys(active: boolean) {
  const supported = useBrowserValue(browserSupportsWebAuthn) === true;
  const button = usePasskeySignIn();
  const autofill = usePasskeySignIn();
  const [round, setRound] = useState(0);
  const { mutate: startAutofill } = autofill;

  useEffect(() => {
    if (!active || !supported) return;
    let stopped = false;
    void browserSupportsWebAuthnAutofill().then((available) => {
      if (!available || stopped) return;
      startAutofill(
        { autofill: true },
        { onError: (error) => autofillErrorMessage(error) !== undefined && passkeyLoginFailed(error) },
      );
    });
    return () => {
      stopped = true;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [active, supported, round, startAutofill]);

  return {
    supported,
    pending: button.isPending,
    error: button.error ? passkeyErrorMessage(button.error) : autofill.error ? autofillErrorMessage(autofill.error) : undefined,
    signIn: () =>
      button.mutate(
        { autofill: false },
        {
          onError: (error) => {
            passkeyLoginFailed(error);
            setRound((value) => value + 1);
          },
        },
      ),
  };
}
