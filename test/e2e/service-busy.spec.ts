import type { Page } from '@playwright/test';
import { SERVICE_BUSY_MESSAGE } from '../../shared/api-error';
import { expect, registerAccount, test, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

/** While a dialog is open the toast region is hidden from the accessibility tree, yet shown. */
const toastsBehindDialog = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).locator('li');

/**
 * What the server answers when the database cannot (functions/middleware/http-response.ts; the
 * integration suite's fault test makes the real server do it): the browser sees this exact answer.
 */
const busy = {
  status: 503,
  headers: { 'retry-after': '2' },
  contentType: 'application/json',
  body: JSON.stringify({ message: SERVICE_BUSY_MESSAGE }),
};

test.describe('when the service is busy (503)', () => {
  test("registration shows the destructive 'Registration failed' toast with the message and keeps the form as typed", async ({
    page,
  }) => {
    await page.route('**/api/register', (route) => route.fulfill(busy));
    const email = uniqueEmail('busy');
    await page.goto('/auth?tab=register');
    await page.getByLabel('Full name').fill('Annie Easley');
    await page.getByLabel('Organization name').fill('Lewis Research');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('secret-password');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(toasts(page)).toContainText('Registration failed');
    await expect(toasts(page)).toContainText(`503: ${SERVICE_BUSY_MESSAGE}`);
    await expect(page).toHaveURL('/auth?tab=register');
    await expect(page.getByLabel('Full name')).toHaveValue('Annie Easley');
    await expect(page.getByLabel('Organization name')).toHaveValue('Lewis Research');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('secret-password');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();

    // Sent again once the service is back, the same form goes through.
    await page.unroute('**/api/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test("a new project keeps its dialog and fields, under the destructive 'Failed to create project' toast", async ({ page }) => {
    await registerAccount(page.request);
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'POST' ? route.fulfill(busy) : route.continue(),
    );
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Name', { exact: true }).fill('Launch plan');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toastsBehindDialog(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(toastsBehindDialog(page)).toContainText('Failed to create project');
    await expect(toastsBehindDialog(page)).toContainText(`503: ${SERVICE_BUSY_MESSAGE}`);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Launch plan');
  });
});
