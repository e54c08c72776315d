/** Placeholder until its issue fills it. */
export function AccountSettingsPage() {
  return <h1>Account Settings</h1>;
}
