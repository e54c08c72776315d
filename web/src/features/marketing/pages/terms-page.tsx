/** Placeholder until its issue fills it. */
export function TermsPage() {
  return <h1>Terms of Service</h1>;
}
