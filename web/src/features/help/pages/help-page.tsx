/** Placeholder until its issue fills it. */
export function HelpPage() {
  return <h1>Help Center</h1>;
}
