import { ExternalLink } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { usePortalSession } from '../api/billing';
import { NotAvailableYet } from './not-configured';

interface CustomerPortalCardProps {
  /** The stage's configured portal link. */
  portalUrl: string | null;
  /** The server can open a portal session for the organization's own Stripe customer (admins). */
  portalSession: boolean;
}

/** The card payment provider's customer portal, opened in a new tab. */
export function CustomerPortalCard({ portalUrl, portalSession }: CustomerPortalCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Portal</CardTitle>
        <CardDescription>
          Update your payment method, change or cancel your subscription and see your billing details.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {portalSession ? (
          <PortalSessionButton fallbackUrl={portalUrl} />
        ) : portalUrl ? (
          <a href={portalUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
            Manage Subscription
            <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <NotAvailableYet />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Opens the tab at once, in the click (a tab opened after the request would be blocked as a
 * pop-up), then sends it to the session the server created; the stage's link if that fails.
 */
function PortalSessionButton({ fallbackUrl }: { fallbackUrl: string | null }) {
  const portal = usePortalSession();
  const open = () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.href = url;
      },
      onError: (error) => {
        if (tab && fallbackUrl) tab.location.href = fallbackUrl;
        else tab?.close();
        if (!fallbackUrl) toast({ variant: 'destructive', title: 'Error', description: error.message });
      },
    });
  };
  return (
    <Button onClick={open} disabled={portal.isPending}>
      Manage Subscription
      <ExternalLink aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </Button>
  );
}
