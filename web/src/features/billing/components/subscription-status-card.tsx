import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { billingQueries } from '../api/billing';
import { STATUS_LABEL, dateLine, planLine } from '../lib/subscription-text';

/** The organization's subscription as Stripe last told the server: above the spec's three cards. */
export function SubscriptionStatusCard() {
  const subscription = useQuery(billingQueries.subscription());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Subscription</CardTitle>
        <CardDescription>Your organization&apos;s plan and its status.</CardDescription>
      </CardHeader>
      <CardContent>
        {subscription.isPending ? (
          <Skeleton className="h-12 w-64" />
        ) : subscription.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
            <p>The subscription could not be loaded. Please try again.</p>
            <Button variant="outline" size="sm" onClick={() => void subscription.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <dl className="grid gap-2" data-testid="subscription-state">
            <div className="flex flex-wrap items-center gap-3">
              <dt className="sr-only">Plan</dt>
              <dd className="text-lg font-semibold">{planLine(subscription.data)}</dd>
              <dt className="sr-only">Status</dt>
              <dd>
                <Badge tone={STATUS_LABEL[subscription.data.status].tone}>{STATUS_LABEL[subscription.data.status].label}</Badge>
              </dd>
            </div>
            {dateLine(subscription.data) ? (
              <>
                <dt className="sr-only">Next date</dt>
                <dd className="text-sm text-ink-2">{dateLine(subscription.data)}</dd>
              </>
            ) : null}
            {subscription.data.seats !== null ? (
              <>
                <dt className="sr-only">Seats</dt>
                <dd className="text-sm text-ink-2">{subscription.data.seats === 1 ? '1 seat' : `${subscription.data.seats} seats`}</dd>
              </>
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
