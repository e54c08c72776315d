import { SIGN_IN_CODE, SIGN_IN_CODE_EXPIRED, SIGN_IN_CODE_SHAPE } from '@shared/schemas/auth';
import type { SecondFactor } from '@shared/schemas/mfa';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useLoginCode } from '../api/auth';

/**
 * The emailed code of a sign-in that needs more proof (docs/decisions/040). The server answers the
 * same for a wrong password, so the text says a code comes only if the password was right.
 */
export function EmailCodeForm({
  onMfaRequired,
  onExpired,
}: {
  onMfaRequired: (factors: SecondFactor[]) => void;
  onExpired: () => void;
}) {
  const loginCode = useLoginCode(onMfaRequired);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = value.replace(/\s+/g, '');
    if (!SIGN_IN_CODE.test(typed)) {
      setError(SIGN_IN_CODE_SHAPE);
      return;
    }
    setError(undefined);
    loginCode.mutate(
      { code: typed },
      {
        onError: (failure) => {
          const message = failure instanceof ApiError ? failure.fieldErrors?.code : undefined;
          if (message === SIGN_IN_CODE_EXPIRED) onExpired();
          else setError(message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-4">
      <div className="grid gap-2 text-sm text-muted">
        <p className="font-semibold">Check your email</p>
        <p>There were many failed sign-in attempts, and this browser has not signed in to your account before.</p>
        <p>If the password was right, we sent a 6-digit sign-in code to your email address. Enter it to finish signing in.</p>
      </div>
      <FormField label="Sign-in code" htmlFor="login-email-code" error={error}>
        <Input
          id="login-email-code"
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={loginCode.isPending}>
        {loginCode.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <p className="text-sm text-muted">
        No email within a few minutes? The password may have been mistyped: go back and sign in again.
      </p>
      <div className="flex justify-end text-sm">
        <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={onExpired}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
