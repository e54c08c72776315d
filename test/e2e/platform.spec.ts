import { expect, registerAccount, test } from './support/fixtures';

test('the built app is served with the SPA fallback and security headers', async ({ page }) => {
  const response = await page.goto('/some/deep/link');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
});

test('a session cookie set by the API signs the browser in', async ({ page }) => {
  const account = await registerAccount(page.request);
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === '__Host-growthwise_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.secure).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).fullName).toBe(account.fullName);
});
