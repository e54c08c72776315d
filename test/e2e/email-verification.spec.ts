import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { mailLink } from './support/inbox';
import { toasts } from './support/toasts';

test("the verification banner: 'Resend email', the newest link from the local inbox, then no banner", async ({
  signedInPage: page,
  account,
}) => {
  // A full axe run and a mail through the outbox: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(`Please verify your email address. We sent a link to ${account.email}.`);
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: 'Resend email' }).click();
  await expect(toasts(page)).toContainText('Verification email sent');

  // The registration's mail and the resent one: only the newest link still works.
  const link = await mailLink(account.email, 'Verify your email address', 'verify-email', 2);
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  // Polish review, item 12: a mail-link page has the logo (leading home) and a heading, and passes axe.
  await expect(page.getByRole('heading', { level: 1, name: 'Email verification' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Growthwise' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);
  // Reopening the used link says the address is verified, not that the link is invalid.
  await page.goto('/dashboard');
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText('Your email address is already verified.');

  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('the verification banner stays dismissed for the browser session', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Dismiss' }).press('Enter');
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
