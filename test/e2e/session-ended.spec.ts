import { expect, registerAccount, signIn, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';
import { toasts } from './support/toasts';

// Polish review, item 1: a session ended elsewhere must not wipe the page.
test('a session ended elsewhere asks you to sign in again and brings you back to the page', async ({ page, browser }) => {
  const account = await registerAccount(page.request, { password: 'first-password' });
  for (const name of ['Spring campaign', 'Autumn webinar']) await createProjectViaApi(page.request, { name });
  await page.goto('/projects?sort=name');
  await expect(page.getByRole('combobox', { name: 'Status of Spring campaign' })).toBeVisible();

  // Changing the password elsewhere ends every other session, this browser's included.
  const elsewhere = await browser.newContext();
  await signIn(elsewhere.request, account.email, 'first-password');
  const changed = await elsewhere.request.post('/api/user/change-password', {
    data: { currentPassword: 'first-password', newPassword: 'second-password' },
  });
  expect(changed.status()).toBe(200);
  await elsewhere.close();

  await page.getByRole('combobox', { name: 'Status of Spring campaign' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/projects?sort=name')}`);
  await expect(toasts(page)).toHaveText(['Your session has ended. Please sign in again.']);
  await expect(page.getByText('Failed to load projects. Please try again later.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveCount(0);

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/projects?sort=name');
  await expect(page.getByRole('combobox', { name: 'Status of Spring campaign' })).toHaveText('Planning');
});
