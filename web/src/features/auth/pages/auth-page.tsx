/** Placeholder until its issue fills it. */
export function AuthPage() {
  return <h1>Sign in to your account</h1>;
}
