import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-keys';
import { billingQueries } from '../api/billing';
import { loadPricingTableScript } from './load-pricing-table-script';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': {
        'pricing-table-id': string;
        'publishable-key': string;
        'client-reference-id': string;
        'customer-email': string;
      };
    }
  }
}

interface StripePricingTableProps {
  pricingTableId: string;
  publishableKey: string;
  /** The admin's email, prefilled at checkout. */
  customerEmail: string;
}

/** Stripe's embedded pricing table: the <stripe-pricing-table> element its script defines. */
export function StripePricingTable({ pricingTableId, publishableKey, customerEmail }: StripePricingTableProps) {
  const script = useQuery({
    queryKey: queryKeys.stripePricingTableScript,
    queryFn: async () => (await loadPricingTableScript(), true),
  });
  // checkout.session.completed carries the reference back: the server made it for this organization, so the purchase lands there.
  const reference = useQuery(billingQueries.checkoutReference());
  if (script.isPending || reference.isPending) return <Spinner label="Loading subscription plans" />;
  if (script.isError || reference.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The subscription plans could not be loaded. Please try again later.
      </p>
    );
  }
  return (
    <stripe-pricing-table
      pricing-table-id={pricingTableId}
      publishable-key={publishableKey}
      client-reference-id={reference.data.reference}
      customer-email={customerEmail}
    />
  );
}
