import { type Page, test as base } from '@playwright/test';
import { expect, registerAccount, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

/** Long enough that every action below happens on the prerendered markup, before React has run. */
const SCRIPT_DELAY_MS = 3_000;

/**
 * A visitor on a slow connection acts on a prerendered page (docs/decisions/011) before its script
 * has arrived: every script is held back, the test acts at once, and the result must be the one the
 * hydrated app gives. Playwright's own `test` (not the fixture's): its `goto` must not wait for the app.
 */
const test = base.extend<{ slowScripts: Page }>({
  slowScripts: async ({ page }, use) => {
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
      await route.continue().catch(() => {}); // the page may have navigated away meanwhile
    });
    // A native submit of a sign-in form would put the fields in the URL.
    const nativeSubmits: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && /[?&](username|password|fullName)=/.test(request.url()))
        nativeSubmits.push(request.url());
    });
    await use(page);
    expect(nativeSubmits).toEqual([]);
  },
});

test.describe.configure({ timeout: 60_000 });

const open = (page: Page, url: string) => page.goto(url, { waitUntil: 'commit' });
const interactive = (page: Page) => page.locator('html[data-interactive]');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Proves the step just taken ran on the prerendered page, not on the app. */
async function stillPrerendered(page: Page) {
  await expect(interactive(page)).toHaveCount(0);
}

test.describe('before the script has run', () => {
  test('/auth: the tabs and the switching links change mode; the form waits, visibly disabled, and then registers', async ({
    slowScripts: page,
  }) => {
    await open(page, '/auth');
    await expect(heading(page)).toHaveText('Sign in to your account');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(heading(page)).toHaveText('Create a new account');
    await expect(page).toHaveURL('/auth?tab=register');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await stillPrerendered(page);

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(heading(page)).toHaveText('Sign in to your account');
    await expect(page).toHaveURL('/auth');
    await page.getByRole('link', { name: 'Register now' }).click();
    await expect(heading(page)).toHaveText('Create a new account');
    await expect(page.getByLabel('Full name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await stillPrerendered(page);

    // Typing and submitting at once: each action waits for the field to take input, as a person would.
    const email = uniqueEmail('early');
    await page.getByLabel('Full name').fill('Mary Jackson');
    await page.getByLabel('Organization name').fill('Wind Tunnel');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('secret-password');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/dashboard', { timeout: 20_000 });
    await expect(toasts(page)).toContainText('Welcome to Growthwise, Mary Jackson!');
  });

  test('/auth: the login form signs in once it takes input, with what was typed', async ({ slowScripts: page, request }) => {
    const account = await registerAccount(request, { fullName: 'Dorothy Vaughan' });
    await open(page, '/auth');
    await expect(page.getByLabel('Email address')).toBeDisabled();
    await stillPrerendered(page);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL('/dashboard', { timeout: 20_000 });
    await expect(toasts(page)).toContainText('Welcome back, Dorothy Vaughan!');
  });

  test('/: links navigate, the features link scrolls, and the phone menu toggle is disabled until it works', async ({
    slowScripts: page,
  }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL('/#features');
    await expect(page.getByRole('heading', { name: 'Everything you need to grow' })).toBeInViewport();
    await stillPrerendered(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await expect(heading(page)).toHaveText('Sign in to your account');
    await expect(page).toHaveURL('/auth');

    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeDisabled();
    await stillPrerendered(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });

  test('/terms and /privacy: the footer links and the way back home navigate', async ({ slowScripts: page }) => {
    await open(page, '/terms');
    await expect(heading(page)).toHaveText('Terms of Service');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(heading(page)).toHaveText('Privacy Policy');
    await stillPrerendered(page);
    await page.getByRole('link', { name: '← Back to home' }).click();
    await expect(page).toHaveURL('/');
    await expect(heading(page)).toContainText('Grow your business with');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(heading(page)).toHaveText('Terms of Service');
    await stillPrerendered(page);
  });
});
