import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';

const longDate = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);

test.describe('landing page, signed out', () => {
  test('the top bar has Features, and Log in and Sign up both going to /auth', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.goBack();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test("the hero's 'Get started for free' goes to /auth", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started for free' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test("'Learn more' scrolls to the features section with the six blurbs", async ({ page }) => {
    await page.goto('/');
    const features = page.locator('section#features');
    const top = () => features.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    expect(await top()).toBeGreaterThan(300);
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/#features$/);
    // Scrolled so the section starts just under the sticky top bar.
    await expect.poll(top).toBeLessThanOrEqual(80);
    for (const title of [
      'AI-Powered Automation',
      'Performance Analytics',
      'Team Collaboration',
      'Time-Saving Workflows',
      'Flexible Pricing',
      'Customizable Settings',
    ]) {
      await expect(features.getByRole('heading', { name: title, level: 3 })).toBeVisible();
    }
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(features).toContainText('real-time dashboards and recommendations', { ignoreCase: true });
    await expect(features).toContainText('role-based access and shared workspaces', { ignoreCase: true });
    await expect(features).toContainText('no hidden fees', { ignoreCase: true });
  });

  test("the call-to-action banner's 'Start your free trial' goes to /auth", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start your free trial' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test('the footer has Product (Features), Legal (Terms of Service, Privacy Policy) and the copyright with the current year', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Product' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    await expect(footer.getByRole('heading', { name: 'Legal' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Growthwise`);
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await page.goBack();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('landing page, signed in', () => {
  test('the top bar shows a Dashboard button and the hero goes to /dashboard; the banner still goes to /auth', async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/auth');
    await page.getByRole('link', { name: 'Get started for free' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('landing page on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu toggles open and closed with Features, Log in and Sign up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
    await expect(menu.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/auth');
  });

  test("signed in, the mobile menu offers 'Go to Dashboard'", async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('the landing page fits a phone without horizontal scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get started for free' })).toBeVisible();
    const overflow = await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('legal pages', () => {
  test('/terms shows the terms, last updated today, with a link to the privacy policy and back to home', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByText(`Last updated: ${longDate(new Date())}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await page.goto('/terms');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('/privacy shows the privacy policy in 12 sections', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('not-found page', () => {
  for (const path of ['/no-such-page', '/projects-archive/2020', '/dashboard/extra']) {
    test(`${path} shows '404 Page Not Found'`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    });
  }

  test('links back home and has no serious accessibility violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
});
