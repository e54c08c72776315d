import { zodResolver } from '@hookform/resolvers/zod';
import { type RegisterForm as RegisterValues, registerForm } from '@shared/schemas/auth';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-browser-value';
import { useRegister } from '../api/auth';

const fields = ['fullName', 'organizationName', 'username', 'password'] as const;

/** The Register tab: a new organization and its first user. */
export function RegisterForm() {
  const registration = useRegister();
  const hydrated = useHydrated();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerForm),
    defaultValues: { fullName: '', organizationName: '', username: '', password: '', acceptTerms: false },
  });
  const { errors } = form.formState;
  const termsError = errors.acceptTerms?.message;

  const submit = form.handleSubmit(({ fullName, organizationName, username, password }) =>
    registration.mutate(
      { fullName, organizationName, username, password },
      {
        onError: (error) => {
          // The server's per-field messages (an email already in use) go under their fields too.
          if (!(error instanceof ApiError) || !error.fieldErrors) return;
          for (const field of fields) {
            const message = error.fieldErrors[field];
            if (message) form.setError(field, { message });
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      {/* Until React has taken over the prerendered page, a submit would send the form natively (the
          password in the URL) and react-hook-form would clear what was typed: the fields wait. */}
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-4">
        <FormField label="Full name" htmlFor="register-full-name" error={errors.fullName?.message}>
          <Input id="register-full-name" autoComplete="name" placeholder="Jane Doe" {...form.register('fullName')} />
        </FormField>
        <FormField label="Organization name" htmlFor="register-organization-name" error={errors.organizationName?.message}>
          <Input
            id="register-organization-name"
            autoComplete="organization"
            placeholder="Acme Inc."
            {...form.register('organizationName')}
          />
        </FormField>
        <FormField label="Email address" htmlFor="register-email" error={errors.username?.message}>
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('username')}
          />
        </FormField>
        <FormField
          label="Password"
          htmlFor="register-password"
          hint="Must be at least 6 characters"
          error={errors.password?.message}
        >
          <Input id="register-password" type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <div className="grid gap-1.5">
          <div className="flex items-start gap-2">
            <Controller
              control={form.control}
              name="acceptTerms"
              render={({ field }) => (
                <Checkbox
                  id="register-terms"
                  ref={field.ref}
                  className="mt-0.5"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? 'register-terms-error' : undefined}
                />
              )}
            />
            <Label htmlFor="register-terms" className="leading-snug font-normal">
              I agree to the {/* Spec section 2: placeholder targets. */}
              <a href="#" onClick={(event) => event.preventDefault()}>
                Terms of Service
              </a>{' '}
              and{' '}
              <a href="#" onClick={(event) => event.preventDefault()}>
                Privacy Policy
              </a>
            </Label>
          </div>
          {termsError ? (
            <p id="register-terms-error" className="text-sm font-medium text-danger">
              {termsError}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </fieldset>
    </form>
  );
}
