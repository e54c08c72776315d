import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function InvoiceHistoryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoice History</CardTitle>
        <CardDescription>Your past invoices and receipts.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-ink-2">
          Your invoices are kept in the payment provider&apos;s customer portal. Use Manage Subscription to view and download them.
        </p>
      </CardContent>
    </Card>
  );
}
