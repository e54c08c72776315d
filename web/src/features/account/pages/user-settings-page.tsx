/** Placeholder until its issue fills it. */
export function UserSettingsPage() {
  return <h1>User Settings</h1>;
}
