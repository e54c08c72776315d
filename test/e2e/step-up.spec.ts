import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

test.describe("'Confirm it's you' before security changes (issue 39)", () => {
  test('setting up two-factor asks for the password in a dialog, then goes on with the setup', async ({ signedInPage: page, account }) => {
    await page.goto('/user-settings?tab=security');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('For your security, enter your password to continue.');
    // Focus starts in the password field, so the person can type at once.
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    // The setup the click asked for went on by itself: the QR code and the code field are there.
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toBeVisible();
  });

  test('a wrong password keeps the dialog open with the message under the field; Cancel leaves everything as it was', async ({ signedInPage: page }) => {
    await page.goto('/user-settings?tab=security');
    const setUp = page.getByRole('button', { name: 'Set up two-factor authentication' });
    await setUp.click();

    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    const password = dialog.getByLabel('Password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();

    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    await expect(password).toHaveValue('not-my-password');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText('Please confirm your password to continue.');
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(setUp).toBeEnabled();
    expect((await (await page.request.get('/api/user')).json()).mfaEnabled).toBe(false);
  });
});
