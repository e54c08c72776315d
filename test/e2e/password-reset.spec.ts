import { INVALID_LINK } from '../../shared/messages';
import { expect, registerAccount, test } from './support/fixtures';
import { mailLink } from './support/inbox';

test('forgot password: request, follow the link from the local inbox, choose a new password, sign in with it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerAccount(context.request);
  await context.clearCookies();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset the password.')).toBeVisible();

  const link = await mailLink(account.email, 'Reset your', 'reset-password');
  await page.goto(link);
  await page.getByLabel('New Password').fill('a-new-password');
  await page.getByLabel('Confirm Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a-new-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');

  // Polish review, item 12: the used link says so as the page opens, before anything is typed.
  await context.clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(INVALID_LINK);
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await context.close();
});

test('a common new password on the reset page shows the message under the field, and the link still works', async ({ page }) => {
  const account = await registerAccount(page.request);
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset the password.')).toBeVisible();

  await page.goto(await mailLink(account.email, 'Reset your', 'reset-password'));
  // The token leaves the address bar and history once the page has read it; a reload of the tab keeps it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.reload();
  await page.getByLabel('New Password').fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const message = page.getByText('This password is too common. Choose a different one.', { exact: true });
  await expect(message).toBeVisible();
  expect((await page.getByLabel('New Password').getAttribute('aria-describedby'))?.split(' ')).toContain(
    await message.getAttribute('id'),
  );

  await page.getByLabel('New Password').fill('an-uncommon-passphrase');
  await page.getByLabel('Confirm Password').fill('an-uncommon-passphrase');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/auth');
});
