/** Placeholder until its issue fills it. */
export function DashboardPage() {
  return <h1>Dashboard</h1>;
}
