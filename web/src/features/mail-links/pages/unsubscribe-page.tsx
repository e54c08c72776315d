import { MAIL_LIST_NAMES } from '@shared/mail-lists';
import { INVALID_LINK } from '@shared/messages';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useResubscribe, useUnsubscribe } from '../api/mail-subscriptions';
import { MailLinkMain } from '../components/mail-link-main';
import { useMailLinkToken } from '../lib/mail-link-token';

const isRefusedLink = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * /unsubscribe#token=...: the footer link of reminder, digest and mention mails. Opening it turns the list off
 * at once (as the mail's one-click button does) and says which mails stop, with a way back.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const token = useMailLinkToken();
  const unsubscribe = useUnsubscribe(token);
  const resubscribe = useResubscribe(token);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  const invalid = !token || isRefusedLink(unsubscribe.error) || isRefusedLink(resubscribe.error);
  const latest = resubscribe.data ?? unsubscribe.data;
  const failed = (unsubscribe.isError || resubscribe.isError) && !invalid;
  return (
    <MailLinkMain>
      <Card className="w-full">
        <CardHeader>
          <CardTitle as="h1">{invalid ? 'Link not valid' : latest?.subscribed ? 'Subscribed again' : 'Unsubscribe'}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div role="status" className="grid gap-3">
            {invalid ? (
              <>
                <p>{INVALID_LINK}</p>
                <p>Nothing was changed. Use the link in a newer email.</p>
              </>
            ) : failed ? (
              <p>Something went wrong. Please try again.</p>
            ) : !latest ? (
              <p>Unsubscribing...</p>
            ) : latest.subscribed ? (
              <p>You will receive {MAIL_LIST_NAMES[latest.list]} again.</p>
            ) : (
              <p>
                You will no longer receive {MAIL_LIST_NAMES[latest.list]}. Other emails, such as password resets and invitations,
                still arrive.
              </p>
            )}
          </div>
          {failed && (
            <Button onClick={() => (resubscribe.isError ? resubscribe.mutate() : unsubscribe.mutate())}>Try again</Button>
          )}
          {latest && !latest.subscribed && !failed && (
            <Button variant="secondary" unavailable={resubscribe.isPending} onClick={() => resubscribe.mutate()}>
              {resubscribe.isPending ? 'Turning back on...' : 'Turn them back on'}
            </Button>
          )}
          <Link to="/dashboard" className="text-sm font-medium">
            Go to the dashboard
          </Link>
        </CardContent>
      </Card>
    </MailLinkMain>
  );
}
