import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';

const publicTitles: [string, string][] = [
  ['/', 'Growthwise'],
  ['/auth', 'Sign in · Growthwise'],
  ['/auth?tab=register', 'Register · Growthwise'],
  ['/forgot-password', 'Forgot your password · Growthwise'],
  ['/invite', 'Invitation · Growthwise'],
  ['/terms', 'Terms of Service · Growthwise'],
  ['/privacy', 'Privacy Policy · Growthwise'],
  ['/no-such-page', 'Page not found · Growthwise'],
];

const signedInTitles: [string, string][] = [
  ['/dashboard', 'Dashboard · Growthwise'],
  ['/projects', 'Projects · Growthwise'],
  ['/projects/no-such-project', 'Project Not Found · Growthwise'],
  ['/user-settings', 'User Settings · Growthwise'],
  ['/profile', 'User Settings · Growthwise'],
  ['/organization-settings', 'Account Settings · Growthwise'],
  ['/users', 'Account Settings · Growthwise'],
  ['/billing', 'Billing · Growthwise'],
  ['/subscription', 'Billing · Growthwise'],
  ['/help', 'Help Center · Growthwise'],
  ['/no-such-page', 'Page not found · Growthwise'],
];

test.describe('page titles', () => {
  for (const [path, title] of publicTitles) {
    test(`signed out, ${path} is titled '${title}'`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    });
  }

  test('signed in, every route has its own title, and a project its name', async ({ page }) => {
    test.slow();
    await registerAccount(page.request);
    for (const [path, title] of signedInTitles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    const project = await createProjectViaApi(page.request, { name: 'Spring launch campaign' });
    await page.goto(`/projects/${project.id}`);
    await expect(page).toHaveTitle('Spring launch campaign · Growthwise');
  });

  test('a navigation inside the app is announced by its new title in a polite live region', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/dashboard');
    const announcer = page.getByTestId('route-announcer');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveTitle('Projects · Growthwise');
    await expect(announcer).toHaveText('Projects · Growthwise');
  });
});
