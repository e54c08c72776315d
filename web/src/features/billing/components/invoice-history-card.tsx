import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** `portal`: whether a customer portal is there to hold the invoices (not while billing is not set up). */
export function InvoiceHistoryCard({ portal }: { portal: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoice History</CardTitle>
        <CardDescription>Your past invoices and receipts.</CardDescription>
      </CardHeader>
      <CardContent>
        {portal ? (
          <p className="text-sm text-ink-2">
            Your invoices are kept in the payment provider&apos;s customer portal. Use Manage Subscription to view and download
            them.
          </p>
        ) : (
          <p className="text-sm text-muted">No invoices yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
