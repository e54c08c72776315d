import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
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
        <QueryState
          query={subscription}
          placeholder={<Skeleton className="h-12 w-64" />}
          error="The subscription could not be loaded. Please try again."
          retry="Try again"
        >
          {(state) => (
            <dl className="grid gap-2" data-testid="subscription-state">
              <div className="flex flex-wrap items-center gap-3">
                <dt className="sr-only">Plan</dt>
                <dd className="text-lg font-semibold">{planLine(state)}</dd>
                <dt className="sr-only">Status</dt>
                <dd>
                  <Badge tone={STATUS_LABEL[state.status].tone}>{STATUS_LABEL[state.status].label}</Badge>
                </dd>
              </div>
              {dateLine(state) ? (
                <>
                  <dt className="sr-only">Next date</dt>
                  <dd className="text-sm text-ink-2">{dateLine(state)}</dd>
                </>
              ) : null}
              {state.seats !== null ? (
                <>
                  <dt className="sr-only">Seats</dt>
                  <dd className="text-sm text-ink-2">{state.seats === 1 ? '1 seat' : `${state.seats} seats`}</dd>
                </>
              ) : null}
            </dl>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
