import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { isAdmin, useCurrentUser } from '../../../lib/current-user';
import { billingQueries } from '../api/billing';
import { CustomerPortalCard } from '../components/customer-portal-card';
import { InvoiceHistoryCard } from '../components/invoice-history-card';
import { BillingNotSetUp } from '../components/not-configured';
import { SubscriptionPlansCard } from '../components/subscription-plans-card';
import { SubscriptionStatusCard } from '../components/subscription-status-card';
import { usePageTitle } from '../../../lib/page-title';

/** /billing and /subscription: the subscription's state, then portal, plans and invoices (spec section 2). */
export function BillingPage() {
  usePageTitle('Billing');
  const { data: user } = useCurrentUser();
  const config = useRuntimeConfig();
  const subscription = useQuery(billingQueries.subscription());
  const organization = user?.roles[0]?.organization;
  const portal = Boolean(subscription.data?.portalSession || config.data?.stripePortalUrl);
  const plans = Boolean(config.data?.stripePricingTableId && config.data.stripePublishableKey);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Billing</h1>
        <p className="text-muted">Manage your subscription, plans and invoices.</p>
      </div>
      <SubscriptionStatusCard />
      {config.isPending ? (
        <Spinner label="Loading billing settings" />
      ) : config.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-danger-20 bg-danger-10 p-4 text-danger">
          <p>The billing settings could not be loaded. Please try again.</p>
          <Button variant="outline" size="sm" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          {subscription.isPending || portal || plans ? null : <BillingNotSetUp isAdmin={isAdmin(user)} />}
          <CustomerPortalCard portalUrl={config.data.stripePortalUrl} portalSession={subscription.data?.portalSession ?? false} />
          <SubscriptionPlansCard
            canManage={isAdmin(user)}
            organizationId={organization?.id ?? ''}
            customerEmail={user?.username ?? ''}
            pricingTableId={config.data.stripePricingTableId}
            publishableKey={config.data.stripePublishableKey}
          />
          <InvoiceHistoryCard portal={portal} />
        </div>
      )}
    </div>
  );
}
