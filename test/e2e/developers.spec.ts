import type { Page } from '@playwright/test';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '../../shared/api-key-scopes';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, signIn, test, uniqueEmail } from './support/fixtures';

/** Every failed response and console error from now on: Scalar must need nothing the app's CSP refuses or the API lacks. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** The intro's scopes, each with what it allows, as API_KEY_SCOPE_LABELS words it. */
async function expectScopes(page: Page) {
  const scopes = page.getByRole('region', { name: 'Scopes' });
  for (const scope of API_KEY_SCOPES) {
    await expect(scopes.getByRole('term').filter({ hasText: scope })).toBeVisible();
    await expect(scopes.getByRole('definition').filter({ hasText: API_KEY_SCOPE_LABELS[scope] })).toBeVisible();
  }
}

/**
 * Scalar's reference lists GET /api/projects in its sidebar and under its tag, and draws the operation
 * (Scalar draws operations as they are reached: the sidebar's link goes there).
 */
async function expectProjectsList(page: Page) {
  const reference = page.getByRole('region', { name: 'API reference' });
  await expect(reference.getByRole('link', { name: 'get /api/projects', exact: true })).toBeVisible();
  await reference.getByRole('link', { name: /^List projects\b/ }).click();
  await expect(reference.getByRole('heading', { name: 'List projects' })).toBeVisible();
}

test.describe('/developers: the API reference', () => {
  test('signed out: the intro, its scopes and the reference of GET /api/projects, read from /api/openapi.json', async ({
    page,
  }) => {
    const failures = watchFailures(page);
    const documentAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/openapi.json');
    await page.goto('/developers');
    await expect(page).toHaveTitle('Developers · Growthwise');
    await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
    expect((await documentAnswer).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Authenticate with an API key' })).toBeVisible();
    await expectScopes(page);
    await expect(page.getByRole('link', { name: 'Create an API key' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await expectProjectsList(page);
    await expectNoSeriousA11yViolations(page, '/developers (signed out)');
    expect(failures).toEqual([]);
  });

  test("an admin is sent to Organization settings' API keys tab; a staff member is told to ask one", async ({
    signedInPage: page,
    browser,
  }) => {
    await page.goto('/developers');
    await expect(page.getByRole('link', { name: 'Create an API key' })).toHaveAttribute(
      'href',
      '/organization-settings?tab=api-keys',
    );
    await expect(page.getByRole('link', { name: 'Back to the app' })).toBeVisible();
    await expectProjectsList(page);
    await expectNoSeriousA11yViolations(page, '/developers (admin)');

    const staff = { email: uniqueEmail('staff'), fullName: 'Grace Hopper', password: 'staff-password' };
    const added = await page.request.post('/api/organization/users', {
      data: { username: staff.email, fullName: staff.fullName, password: staff.password, role: 'staff' },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    const staffContext = await browser.newContext();
    try {
      await signIn(staffContext.request, staff.email, staff.password);
      const staffPage = await staffContext.newPage();
      await staffPage.goto('/developers');
      await expect(staffPage.getByText('Ask an administrator of your organization for a key.')).toBeVisible();
      await expect(staffPage.getByRole('link', { name: 'Create an API key' })).toHaveCount(0);
      await expectScopes(staffPage);
    } finally {
      await staffContext.close();
    }
  });

  test('the Help Center links to the reference', async ({ signedInPage: page }) => {
    await page.goto('/help');
    await page.getByRole('link', { name: 'API reference for developers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  });
});
