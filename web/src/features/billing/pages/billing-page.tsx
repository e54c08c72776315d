/** Placeholder until its issue fills it. */
export function BillingPage() {
  return <h1>Billing</h1>;
}
