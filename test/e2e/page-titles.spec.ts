import type { Page } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';

/**
 * The texts inside polite live regions, as the browser gives them to screen readers. Read from
 * Chromium's accessibility tree: the announcer keeps its region out of the page's DOM queries.
 */
async function politeAnnouncements(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: {
      nodeId: string;
      childIds?: string[];
      name?: { value?: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await session.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const polite = nodes.filter((node) =>
    node.properties?.some((property) => property.name === 'live' && property.value.value === 'polite'),
  );
  return polite
    .flatMap((node) => [node.name?.value ?? '', ...(node.childIds ?? []).map((id) => byId.get(id)?.name?.value ?? '')])
    .filter(Boolean);
}

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
    await expect(page).toHaveTitle('Dashboard · Growthwise');
    // The page the browser loaded is not announced (the browser reads its title itself).
    expect(await politeAnnouncements(page)).not.toContain('Dashboard · Growthwise');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page).toHaveTitle('Projects · Growthwise');
    await expect.poll(() => politeAnnouncements(page)).toContain('Projects · Growthwise');
  });
});
