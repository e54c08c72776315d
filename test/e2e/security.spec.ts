import { expect, signIn, test, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

test.describe('account security (issue 21)', () => {
  test("the Sessions section lists a second browser's session, and 'Sign out all other sessions' ends it", async ({
    signedInPage: page,
    account,
    browser,
  }) => {
    const other = await browser.newContext();
    await signIn(other.request, account.email, account.password);
    expect((await other.request.get('/api/user')).status()).toBe(200);

    // The Sessions section lives in the Security tab (issue 15).
    await page.goto('/user-settings?tab=security');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This browser')).toHaveCount(1);
    // Polish review, item 13: this browser is listed first.
    await expect(sessions.getByRole('listitem').first()).toContainText('This browser');
    await expect(sessions.getByRole('button', { name: 'Sign out' })).toHaveCount(1);

    const signOutOthers = page.getByRole('button', { name: 'Sign out all other sessions' });
    await signOutOthers.focus();
    await page.keyboard.press('Enter');
    // A security change: the password is confirmed first (issue 39), then it goes through.
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByLabel('Password').fill(account.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toBeHidden();
    // Polish review: focus comes back to the button that asked for the confirmation.
    await expect(signOutOthers).toBeFocused();
    await expect(toasts(page)).toContainText('1 other session was signed out.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(signOutOthers).toHaveAttribute('aria-disabled', 'true');

    expect((await other.request.get('/api/user')).status()).toBe(401);
    expect((await page.request.get('/api/user')).status()).toBe(200);

    // Polish review, item 11: within the 5 minutes after confirming, the pressed button keeps focus while it waits and after.
    const third = await browser.newContext();
    await signIn(third.request, account.email, account.password);
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await signOutOthers.focus();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('1 other session was signed out.');
    await expect(signOutOthers).toHaveAttribute('aria-disabled', 'true');
    await expect(signOutOthers).toBeFocused();
    await other.close();
    await third.close();
  });

  test('registration with a common password shows the message under the password field', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill('Common Person');
    await page.getByLabel('Organization name').fill('Common Org');
    await page.getByLabel('Email address').fill(uniqueEmail('common'));
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    // Exact: the 'Registration failed' toast repeats the server's message after its status.
    const message = page.getByText('This password is too common. Choose a different one.', { exact: true });
    await expect(message).toBeVisible();
    const id = await message.getAttribute('id');
    expect(id).toBeTruthy();
    expect((await page.getByLabel('Password').getAttribute('aria-describedby'))?.split(' ')).toContain(id);
    await expect(page).toHaveURL(/\/auth/);
  });
});
