import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordResetRequest, passwordResetRequest } from '@shared/schemas/password-reset';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { usePageTitle } from '../../../lib/page-title';
import { useRequestPasswordReset } from '../api/password-reset';
import { MailLinkMain } from '../components/mail-link-main';

/** /forgot-password: one field; the answer is the same sentence whether or not the address has an account. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password');
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(passwordResetRequest), defaultValues: { username: '' } });
  const { errors } = form.formState;
  return (
    <MailLinkMain>
      <Card className="w-full">
        <CardHeader>
          <CardTitle as="h1">Forgot your password</CardTitle>
          <CardDescription>
            Enter the email address of your account and we will send you a link to reset the password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {request.isSuccess ? (
            <p role="status">{request.data.message}</p>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
              <FormField label="Email address" htmlFor="forgot-email" error={errors.username?.message}>
                <Input id="forgot-email" type="email" autoComplete="email" {...form.register('username')} />
              </FormField>
              {request.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {request.error.message}
                </p>
              ) : null}
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <Link to="/auth" className="text-sm font-medium">
            Back to sign in
          </Link>
        </CardContent>
      </Card>
    </MailLinkMain>
  );
}
