import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import * as emailVerificationEndpoints from '@shared/contract/email-verification';
import { INVALID_LINK } from '@shared/messages';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { call } from '../../../lib/api-client';
import { tokenFromHash } from './reset-password-page';
import { usePageTitle } from '../../../lib/page-title';

/** /verify-email#token=...: confirms the address as soon as the page opens (signed in or not). */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const token = tokenFromHash(useLocation().hash);
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => call(emailVerificationEndpoints.confirm, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  const failed = !token || verify.isError;
  return (
    <main className="mx-auto flex min-h-screen max-w-md items-center p-4">
      <Card className="w-full">
        <CardHeader>
          <CardTitle>Email verification</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p role="status">{failed ? INVALID_LINK : verify.isSuccess ? verify.data.message : 'Verifying...'}</p>
          <Link to="/dashboard" className="text-sm font-medium">
            Go to the dashboard
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
