import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

test.describe("'Confirm it's you' before security changes (issue 39)", () => {
  test('setting up two-factor asks for the password in a dialog, then goes on with the setup', async ({
    signedInPage: page,
    account,
  }) => {
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

  test('a wrong password keeps the dialog open with the message under the field; Cancel leaves everything as it was', async ({
    signedInPage: page,
  }) => {
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
    // Focus goes back to the button that asked, so a keyboard user is where they were.
    await expect(setUp).toBeFocused();
    await expect(toasts(page)).toContainText('Please confirm your password to continue.');
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(setUp).toBeEnabled();
    expect((await (await page.request.get('/api/user')).json()).mfaEnabled).toBe(false);
  });

  test("'Get new recovery codes' asks to confirm it's you on a new session, then shows 10 new codes once", async ({
    signedInPage: page,
    account,
  }) => {
    // Two-factor on through the API, as the Security tab does; then a new sign-in with a code: a session not stepped up.
    expect((await page.request.post('/api/user/step-up', { data: { password: account.password } })).status()).toBe(204);
    const setup = await (await page.request.post('/api/user/mfa/setup')).json();
    const codeAt = (stepsAhead: number) =>
      generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    expect((await page.request.post('/api/user/mfa/enable', { data: { code: await codeAt(0) } })).status()).toBe(200);
    expect((await page.request.post('/api/logout')).status()).toBe(200);
    expect(
      (await (await page.request.post('/api/login', { data: { username: account.email, password: account.password } })).json())
        .mfaRequired,
    ).toBe(true);
    expect((await page.request.post('/api/login/mfa', { data: { code: await codeAt(1) } })).status()).toBe(200);

    await page.goto('/user-settings?tab=security');
    await page.getByRole('button', { name: 'Get new recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByRole('button', { name: 'Get new recovery codes' })).toBeVisible();
  });
});
