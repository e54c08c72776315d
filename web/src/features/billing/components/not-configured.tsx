import { Info } from 'lucide-react';
import { Link } from 'react-router-dom';

/**
 * Said once at the top of the billing page when this environment has no billing settings at all:
 * what it means for the reader and who to ask. The cards below then stay quiet.
 */
export function BillingNotSetUp({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-line border-l-4 border-l-info bg-surface p-4 text-sm text-ink shadow-sm"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-info" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">Billing is not set up yet</p>
        <p className="text-ink-2">
          There is nothing to pay or manage here for now: plans, the customer portal and invoices appear on this page once billing
          is switched on.{' '}
          {isAdmin ? (
            <>
              Questions? Ask our support team from the <Link to="/help">Help Center</Link>.
            </>
          ) : (
            'Questions? Please contact your administrator.'
          )}
        </p>
      </div>
    </div>
  );
}

/** A card's place when its billing setting is missing: the notice above says why. */
export function NotAvailableYet() {
  return <p className="text-sm text-muted">Not available yet.</p>;
}
