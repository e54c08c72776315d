import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state';
import { isAdmin, useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { billingQueries } from '../api/billing';
import { CustomerPortalCard } from '../components/customer-portal-card';
import { InvoiceHistoryCard } from '../components/invoice-history-card';
import { BillingNotSetUp } from '../components/not-configured';
import { SubscriptionPlansCard } from '../components/subscription-plans-card';
import { SubscriptionStatusCard } from '../components/subscription-status-card';

/** /billing and /subscription: the subscription's state, then portal, plans and invoices (spec section 2). */
export function BillingPage() {
  usePageTitle('Billing');
  const { data: user } = useCurrentUser();
  const config = useRuntimeConfig();
  const subscription = useQuery(billingQueries.subscription());
  const portal = Boolean(subscription.data?.portalSession || config.data?.stripePortalUrl);
  const plans = Boolean(config.data?.stripePricingTableId && config.data.stripePublishableKey);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Billing</h1>
        <p className="text-muted">Manage your subscription, plans and invoices.</p>
      </div>
      <SubscriptionStatusCard />
      <QueryState
        query={config}
        loading="Loading billing settings"
        error="The billing settings could not be loaded. Please try again."
        retry="Try again"
        className="rounded-lg"
      >
        {(settings) => (
          <div className="grid gap-6">
            {subscription.isPending || portal || plans ? null : <BillingNotSetUp isAdmin={isAdmin(user)} />}
            <CustomerPortalCard portalUrl={settings.stripePortalUrl} portalSession={subscription.data?.portalSession ?? false} />
            <SubscriptionPlansCard
              canManage={isAdmin(user)}
              customerEmail={user?.username ?? ''}
              pricingTableId={settings.stripePricingTableId}
              publishableKey={settings.stripePublishableKey}
            />
            <InvoiceHistoryCard portal={portal} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
