/** Placeholder until its issue fills it. */
export function PrivacyPage() {
  return <h1>Privacy Policy</h1>;
}
