import { zodResolver } from '@hookform/resolvers/zod';
import { RETURN_PARAM } from '@shared/return-path';
import { type SsoStartRequest, ssoStartRequest } from '@shared/schemas/sso';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useStartSso } from '../api/sso';

/** What a refused single sign-on comes back with (GET /api/sso/oidc/callback sends the browser to /auth?sso=failed). */
const SSO_FAILED = 'Single sign-on did not complete. Please try again, or ask your administrator.';

/**
 * 'Sign in with SSO' under the spec's form: a work email, then the browser goes to the
 * organization's identity provider and comes back signed in (issue 40). An addition to /auth: the
 * spec's form and texts stay as they are.
 */
export function SsoSignIn() {
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('sso') === 'failed';
  const [open, setOpen] = useState(failed);
  return (
    <div className="mt-4 grid gap-3">
      {failed ? (
        <p role="alert" className="rounded-md border border-danger-20 bg-danger-10 p-3 text-sm text-danger">
          {SSO_FAILED}
        </p>
      ) : null}
      {open ? (
        <SsoEmailForm />
      ) : (
        <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
          Sign in with SSO
        </Button>
      )}
    </div>
  );
}

function SsoEmailForm() {
  const start = useStartSso();
  // The deep link the person came from (/auth?next=…): the server checks it as the password sign-in does and lands there.
  const returnTo = useSearchParams()[0].get(RETURN_PARAM) ?? undefined;
  const form = useForm<SsoStartRequest>({ resolver: zodResolver(ssoStartRequest), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) =>
    start.mutate(
      { email, returnTo },
      {
        onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
        onError: (error) =>
          form.setError(
            'email',
            { message: error instanceof ApiError ? (error.fieldErrors?.email ?? error.message) : error.message },
            { shouldFocus: true },
          ),
      },
    ),
  );
  return (
    <form noValidate aria-label="Sign in with SSO" className="grid gap-3" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Work email" htmlFor="sso-email" error={errors.email?.message}>
        <Input id="sso-email" type="email" autoComplete="email" autoFocus {...form.register('email')} />
      </FormField>
      {/* Still pending once answered: the browser is leaving for the identity provider. */}
      <Button type="submit" variant="outline" className="w-full" disabled={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? 'Redirecting...' : 'Continue with SSO'}
      </Button>
    </form>
  );
}
