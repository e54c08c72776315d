import type { Page } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';
import { holdRequests } from './support/toasts';

/** The prerendered public pages (docs/decisions/011) and the text their h1 starts with. */
const PAGES = [
  ['/', 'Grow your business with'],
  ['/auth', 'Sign in to your account'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
] as const;

/** The signed-out GET /api/user answers 401 as the API contract says; Chromium logs it as a failed load. */
const SIGNED_OUT_401 = /Failed to load resource: the server responded with a status of 401/;

function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !SIGNED_OUT_401.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('prerendered public pages', () => {
  test('each public page arrives drawn in its HTML; the app and unknown paths get the empty shell', async ({ request }) => {
    for (const [path, heading] of [...PAGES, ['/auth/', 'Sign in to your account']] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<div id="root" data-prerendered="${path.replace(/(.)\/$/, '$1')}">`);
      expect(html, path).toContain(heading);
    }
    for (const path of ['/dashboard', '/projects/some-id', '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('Grow your business');
    }
  });

  for (const [path, heading] of PAGES) {
    test(`${path} is taken over by the app without hydration errors in the console`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      // Let the current user's answer arrive and the page render with it.
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('/auth shows its form while the user is loading, and a signed-in user then goes to /dashboard', async ({ page }) => {
    await registerAccount(page.request);
    const release = await holdRequests(page, '**/api/user');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in to your account', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(page).toHaveURL('/auth');
    release();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});
