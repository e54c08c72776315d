/** Shown in place of a billing link or embed whose settings this environment does not have. */
export function BillingNotConfigured() {
  return (
    <p className="rounded-md border border-dashed border-line bg-surface-2 p-4 text-sm text-muted">
      Billing is not configured for this environment.
    </p>
  );
}
