import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NotAvailableYet } from './not-configured';
import { StripePricingTable } from './stripe-pricing-table';

interface SubscriptionPlansCardProps {
  canManage: boolean;
  customerEmail: string;
  pricingTableId: string | null;
  publishableKey: string | null;
}

/** Admins see the provider's pricing table; everyone else is told to ask an administrator. */
export function SubscriptionPlansCard({ canManage, customerEmail, pricingTableId, publishableKey }: SubscriptionPlansCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription Plans</CardTitle>
        <CardDescription>Choose the plan that fits your organization.</CardDescription>
      </CardHeader>
      <CardContent>
        {!canManage ? (
          <p className="rounded-md bg-warning-10 p-4 text-sm text-warning">
            You do not have permission to manage subscriptions. Please contact your administrator.
          </p>
        ) : pricingTableId && publishableKey ? (
          <StripePricingTable pricingTableId={pricingTableId} publishableKey={publishableKey} customerEmail={customerEmail} />
        ) : (
          <NotAvailableYet />
        )}
      </CardContent>
    </Card>
  );
}
