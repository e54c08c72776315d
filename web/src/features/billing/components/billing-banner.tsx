import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { billingQueries } from '../api/billing';
import { bannerText } from '../lib/subscription-text';

/**
 * Admins only, in the app shell: a failed payment, a trial ending within 3 days or ended without a
 * subscription. Nothing is locked (docs/decisions/017): the banner only tells and links to /billing.
 */
export function BillingBanner({ isAdmin }: { isAdmin: boolean }) {
  const subscription = useQuery({ ...billingQueries.subscription(), enabled: isAdmin });
  const text = isAdmin && subscription.data ? bannerText(subscription.data) : null;
  if (!text) return null;
  return (
    <div
      role="status"
      className="border-b border-[hsl(30,75%,80%)] bg-warning-10 px-4 py-2 text-sm text-warning sm:px-6"
      data-testid="billing-banner"
    >
      <Link to="/billing" className="inline-flex items-center gap-2 font-medium underline-offset-4 hover:underline">
        <AlertTriangle aria-hidden className="size-4" />
        {text}
      </Link>
    </div>
  );
}
