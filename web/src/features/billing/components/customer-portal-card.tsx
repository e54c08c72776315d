import { ExternalLink } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { BillingNotConfigured } from './not-configured';

/** The card payment provider's customer portal, opened in a new tab. */
export function CustomerPortalCard({ portalUrl }: { portalUrl: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Portal</CardTitle>
        <CardDescription>Update your payment method, change or cancel your subscription and see your billing details.</CardDescription>
      </CardHeader>
      <CardContent>
        {portalUrl ? (
          <a href={portalUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
            Manage Subscription
            <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <BillingNotConfigured />
        )}
      </CardContent>
    </Card>
  );
}
