import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_LINK } from '@shared/messages';
import { type ResetPasswordForm, resetPasswordForm } from '@shared/schemas/password-reset';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useConfirmPasswordReset, usePasswordResetLinkCheck } from '../api/password-reset';
import { MailLinkMain } from '../components/mail-link-main';
import { useMailLinkToken } from '../lib/mail-link-token';

/** /reset-password#token=...: the new password and its confirmation, with the change-password rules. */
export function ResetPasswordPage() {
  usePageTitle('Reset your password');
  const token = useMailLinkToken();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const linkCheck = usePasswordResetLinkCheck(token);
  const confirm = useConfirmPasswordReset(token, (message) => form.setError('newPassword', { message }, { shouldFocus: true }));
  const fieldError = confirm.error instanceof ApiError && confirm.error.fieldErrors?.newPassword !== undefined;
  const { errors } = form.formState;
  const refusesLink = (error: unknown) =>
    error instanceof ApiError && error.status === 400 && error.message.includes(INVALID_LINK);
  const invalidLink = !token || refusesLink(linkCheck.error) || refusesLink(confirm.error);
  return (
    <MailLinkMain>
      <Card className="w-full">
        <CardHeader>
          <CardTitle as="h1">Choose a new password</CardTitle>
          <CardDescription>Signing in again is needed everywhere once the password is reset.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invalidLink ? (
            <div role="alert" className="grid gap-2">
              <p>{INVALID_LINK}</p>
              <Link to="/forgot-password" className="text-sm font-medium">
                Send a new link
              </Link>
            </div>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => confirm.mutate(values.newPassword))}>
              <FormField
                label="New Password"
                htmlFor="reset-new"
                hint="Must be at least 6 characters long."
                error={errors.newPassword?.message}
              >
                <Input id="reset-new" type="password" autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              <FormField label="Confirm Password" htmlFor="reset-confirm" error={errors.confirmPassword?.message}>
                <Input id="reset-confirm" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </FormField>
              {confirm.isError && !fieldError ? (
                <p role="alert" className="text-sm text-destructive">
                  {confirm.error.message}
                </p>
              ) : null}
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Resetting...' : 'Reset password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </MailLinkMain>
  );
}
