import type { Page } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { expect, registerAccount, test } from './support/fixtures';

const PUBLIC_PAGES = ['/', '/auth', '/terms', '/privacy'];

/** Every failed response and every console error the page sees from now on. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failures.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** The page has taken over from the prerendered HTML and its queries have settled. */
async function settled(page: Page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

test.describe('public pages, signed out', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} makes no failing request and logs no console error`, async ({ page }) => {
      const failures = watchFailures(page);
      const userRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/user') userRequests.push(request.url());
      });
      await page.goto(path);
      await settled(page);
      expect(failures).toEqual([]);
      expect(userRequests, 'a signed-out browser does not ask who is signed in').toEqual([]);
    });
  }

  test('a hint left behind by a session the browser no longer holds costs one 401, then none', async ({ page, context }) => {
    // As when the session cookie has expired or was removed while the hint stayed.
    await registerAccount(page.request);
    await context.clearCookies({ name: '__Host-growthwise_session' });
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/user') statuses.push(response.status());
    });
    await page.goto('/');
    await settled(page);
    // The ask goes out after hydration, which may come after the load's network went idle once.
    await expect.poll(() => statuses).toEqual([401]);
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_HINT_COOKIE);
    await page.goto('/auth');
    await settled(page);
    expect(statuses).toEqual([401]);
  });
});

test.describe('public pages, signed in', () => {
  test("the landing page shows 'Dashboard' and /auth goes to the dashboard, with no failing request", async ({ page }) => {
    await registerAccount(page.request);
    const failures = watchFailures(page);
    await page.goto('/');
    await settled(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await page.goto('/auth');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('signing out clears the hint with the session: the landing page then asks nothing', async ({ page, context }) => {
    await registerAccount(page.request);
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain(SESSION_HINT_COOKIE);
    await page.request.post('/api/logout');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_HINT_COOKIE);
    const userRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') userRequests.push(request.url());
    });
    await page.goto('/');
    await settled(page);
    expect(userRequests).toEqual([]);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
