import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-keys';
import { loadPricingTableScript } from './load-pricing-table-script';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'stripe-pricing-table': { 'pricing-table-id': string; 'publishable-key': string; 'client-reference-id': string; 'customer-email': string };
    }
  }
}

interface StripePricingTableProps {
  pricingTableId: string;
  publishableKey: string;
  /** The organization's id: checkout.session.completed carries it back, so the purchase lands on the organization. */
  organizationId: string;
  /** The admin's email, prefilled at checkout. */
  customerEmail: string;
}

/** Stripe's embedded pricing table: the <stripe-pricing-table> element its script defines. */
export function StripePricingTable({ pricingTableId, publishableKey, organizationId, customerEmail }: StripePricingTableProps) {
  const script = useQuery({ queryKey: queryKeys.stripePricingTableScript, queryFn: async () => (await loadPricingTableScript(), true) });
  if (script.isPending) return <Spinner label="Loading subscription plans" />;
  if (script.isError) {
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
      client-reference-id={organizationId}
      customer-email={customerEmail}
    />
  );
}
