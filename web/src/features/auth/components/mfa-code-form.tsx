import {
  CODE_SHAPE,
  RECOVERY_CODE,
  RECOVERY_CODE_SHAPE,
  SIGN_IN_EXPIRED,
  type SecondFactor,
  TOTP_CODE,
} from '@shared/schemas/mfa';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useLoginMfa } from '../api/auth';
import { usePasskeySecondFactor } from '../api/passkeys';

/**
 * The second step of a two-factor sign-in: the 6-digit code of the authenticator app, or one
 * recovery code; or a passkey where the account has one (`factors`, issue 41), alone when the
 * account has no authenticator app. When the 5 minutes of the pending sign-in are over, `onExpired` goes back to the password.
 */
export function MfaCodeForm({ factors, onExpired }: { factors: SecondFactor[]; onExpired: () => void }) {
  if (!factors.includes('code')) {
    return (
      <div className="grid min-w-0 gap-4">
        <p className="text-sm text-muted">
          Your organization requires two-factor authentication. Confirm it's you with your passkey.
        </p>
        <PasskeyStep onExpired={onExpired} primary />
        <BackToSignIn onExpired={onExpired} />
      </div>
    );
  }
  return <CodeStep passkey={factors.includes('passkey')} onExpired={onExpired} />;
}

const linkButtonClasses = 'font-medium text-primary underline-offset-4 hover:underline';

function BackToSignIn({ onExpired }: { onExpired: () => void }) {
  return (
    <button type="button" className={`justify-self-start text-sm ${linkButtonClasses}`} onClick={onExpired}>
      Back to sign in
    </button>
  );
}

/** 'Use a passkey': the account's passkeys answer this sign-in's challenge. */
function PasskeyStep({ onExpired, primary = false }: { onExpired: () => void; primary?: boolean }) {
  const passkey = usePasskeySecondFactor();
  return (
    <Button
      variant={primary ? 'primary' : 'outline'}
      className="w-full"
      disabled={passkey.isPending}
      onClick={() =>
        passkey.mutate(undefined, {
          // The pending sign-in's 5 minutes are over: its refusal has no field, so it is the message ('400: …').
          onError: (failure) => {
            if (failure instanceof ApiError && failure.status === 400 && failure.message.includes(SIGN_IN_EXPIRED)) onExpired();
          },
        })
      }
    >
      <KeyRound className="size-4" aria-hidden />
      {passkey.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
    </Button>
  );
}

function CodeStep({ passkey, onExpired }: { passkey: boolean; onExpired: () => void }) {
  const loginMfa = useLoginMfa();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const field = useRecovery ? 'recoveryCode' : 'code';
  const inputId = useRecovery ? 'login-recovery-code' : 'login-mfa-code';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = useRecovery ? value.trim().toLowerCase() : value.replace(/\s+/g, '');
    const shapeOk = useRecovery ? RECOVERY_CODE.test(typed) : TOTP_CODE.test(typed);
    if (!shapeOk) {
      setError(useRecovery ? RECOVERY_CODE_SHAPE : CODE_SHAPE);
      return;
    }
    setError(undefined);
    loginMfa.mutate(useRecovery ? { recoveryCode: typed } : { code: typed }, {
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.fieldErrors?.[field] : undefined;
        if (message === SIGN_IN_EXPIRED) onExpired();
        else setError(message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-4">
      <p className="text-sm text-muted">
        {useRecovery
          ? 'Enter one of your recovery codes. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FormField label={useRecovery ? 'Recovery code' : 'Authentication code'} htmlFor={inputId} error={error}>
        <Input
          id={inputId}
          key={inputId}
          autoFocus
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          placeholder={useRecovery ? 'abcde-23456' : '123456'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={loginMfa.isPending}>
        {loginMfa.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      {passkey ? <PasskeyStep onExpired={onExpired} /> : null}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setError(undefined);
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={onExpired}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
