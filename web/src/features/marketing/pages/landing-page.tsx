/** Placeholder until its issue fills it. */
export function LandingPage() {
  return <h1>Growthwise</h1>;
}
