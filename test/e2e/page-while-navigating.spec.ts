import type { Page } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';

/**
 * A link to a page whose module is not loaded yet leaves the current page on screen until it arrives
 * (docs/decisions/019c). Each test holds that module back until released, acts meanwhile as a quick
 * person (or Playwright) would, then lets it load: nothing typed may go into the page being replaced.
 */
async function holdModule(page: Page, file: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// The page's box (web/src/app/page-hold.tsx): the toasts and the announcer are outside it.
const root = (page: Page) => page.locator('[data-page]');

test('an address typed right after "Forgot your password" goes into the reset request, not into the sign-in form left on screen', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await page.context().clearCookies();
  const release = await holdModule(page, /\/forgot-password-page-[^/]*\.js$/);
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  const typing = page.getByLabel('Email address').fill(account.email);
  // Typing into the page left on screen would be done well within this; a held page makes it wait.
  await Promise.race([typing, page.waitForTimeout(1_000)]);
  release();
  await typing;
  await expect(page).toHaveURL('/forgot-password');
  await expect(root(page)).not.toHaveAttribute('aria-busy');
  await expect(page.getByLabel('Email address')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset the password.')).toBeVisible();
});

test('a keyboard user who opens a page from the menu keeps the focus on the menu while it loads', async ({ page }) => {
  await registerAccount(page.request);
  const release = await holdModule(page, /\/projects-page-[^/]*\.js$/);
  await page.goto('/dashboard');
  const projects = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true });
  await projects.focus();
  await projects.press('Enter');
  await expect(root(page)).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(root(page)).not.toHaveAttribute('aria-busy');
  await expect(projects).toBeFocused();
});
