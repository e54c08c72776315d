import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';
import { holdRequests, toasts } from './support/toasts';

const protectedPaths = [
  '/dashboard',
  '/projects',
  '/projects/some-id',
  '/user-settings',
  '/profile',
  '/organization-settings',
  '/users',
  '/billing',
  '/subscription',
  '/help',
];

test.describe('protected routes, signed out', () => {
  for (const path of protectedPaths) {
    test(`${path} redirects to /auth, keeping the way back`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(path === '/dashboard' ? '/auth' : `/auth?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    });
  }

  test('a spinner shows while the user is loading', async ({ page }) => {
    // A hint left from an ended session makes the app ask who is signed in (a fresh visitor is sent to /auth at once).
    await page.goto('/terms');
    await page.evaluate((name) => {
      document.cookie = `${name}=1; Secure; SameSite=Lax; Path=/`;
    }, SESSION_HINT_COOKIE);
    const release = await holdRequests(page, '**/api/user');
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your account' })).toBeAttached();
    await expect(page).toHaveURL('/dashboard');
    release();
    await expect(page).toHaveURL('/auth');
  });
});

test.describe('the signed-in app shell', () => {
  test('the dashboard has the heading and a welcome card greeting the user by full name', async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Welcome to Growthwise')).toBeVisible();
    await expect(main.getByText('Ada Lovelace')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the sidebar links to Dashboard and Projects, highlights the current route, and the logo goes to /dashboard', async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary');
    const nav = sidebar.getByRole('navigation', { name: 'Main' });
    const projects = nav.getByRole('link', { name: 'Projects', exact: true });
    const myProjects = nav.getByRole('link', { name: 'My projects' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(projects).not.toHaveAttribute('aria-current', 'page');
    await projects.click();
    await expect(page).toHaveURL('/projects');
    await expect(projects).toHaveAttribute('aria-current', 'page');
    await expect(myProjects).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/projects/any-project');
    await expect(projects).toHaveAttribute('aria-current', 'page');
    // Polish review, day one: 'My projects' is the list's member=me view, one click away.
    await myProjects.click();
    await expect(page).toHaveURL('/projects?member=me');
    await expect(myProjects).toHaveAttribute('aria-current', 'page');
    await expect(projects).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('checkbox', { name: 'My projects' })).toBeChecked();
    await sidebar.getByRole('link', { name: 'Growthwise dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('the top bar has a help button to /help', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL('/help');
  });

  test("the avatar shows the initials of the user's first two names", async ({ page }) => {
    await registerAccount(page.request, { fullName: 'grace brewster hopper' });
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText('GB');
  });

  test('the avatar menu links to User Settings, Account Settings, Billing and Help, and works by keyboard', async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/dashboard');
    const trigger = page.getByRole('button', { name: 'Open user menu' });
    await expect(trigger).toHaveText('AL');
    const targets = [
      ['User Settings', '/user-settings'],
      ['Account Settings', '/organization-settings'],
      ['Billing', '/billing'],
      ['Help', '/help'],
    ] as const;
    for (const [name, path] of targets) {
      await trigger.click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('menu')).toBeHidden();
    }

    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['User Settings', 'Account Settings', 'Billing', 'Help', 'Logout']);
    await expectNoSeriousA11yViolations(page);
    // Opened by keyboard, the menu focuses its first item; arrows move through the items.
    await expect(menu.getByRole('menuitem', { name: 'User Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Account Settings' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("Logout signs out with the 'Logout successful' toast and goes to /", async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(toasts(page)).toContainText('Logout successful');
    await expect(toasts(page)).toContainText('You have been logged out.');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth');
  });

  test("a failed logout shows the destructive 'Logout failed' toast and stays signed in", async ({ page }) => {
    await registerAccount(page.request);
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) }),
    );
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(toasts(page)).toContainText('Logout failed');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('the app shell on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is hidden and a menu reaches Dashboard and Projects, keeping focus inside', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      await expect(sheet.locator(':focus')).toHaveCount(1);
    }
    await sheet.getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page).toHaveURL('/projects');
    await expect(sheet).toBeHidden();
    const overflow = await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('not found, signed in', () => {
  test("keeps the sidebar and top bar, and shows the spec's title once", async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
    // The number on its own: the banner's address may hold those digits (admin-56404350-5@…, a failed run).
    await expect(page.getByText(/\b404\b/)).toHaveCount(1);
    await expect(page).toHaveTitle('Page not found · Growthwise');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});
