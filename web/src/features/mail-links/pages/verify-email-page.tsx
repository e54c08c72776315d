import { INVALID_LINK } from '@shared/messages';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { usePageTitle } from '../../../lib/page-title';
import { useConfirmEmail } from '../api/email-verification';
import { MailLinkMain } from '../components/mail-link-main';
import { useMailLinkToken } from '../lib/mail-link-token';

/** /verify-email#token=...: confirms the address as soon as the page opens (signed in or not). */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const token = useMailLinkToken();
  const verify = useConfirmEmail(token);
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  const failed = !token || verify.isError;
  return (
    <MailLinkMain>
      <Card className="w-full">
        <CardHeader>
          <CardTitle as="h1">Email verification</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p role="status">{failed ? INVALID_LINK : verify.isSuccess ? verify.data.message : 'Verifying...'}</p>
          <Link to="/dashboard" className="text-sm font-medium">
            Go to the dashboard
          </Link>
        </CardContent>
      </Card>
    </MailLinkMain>
  );
}
