import type { PlaywrightWorkerArgs } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';
import { mailsTo } from './support/inbox';

/** Strangers fail 11 times on the account, each from an address of its own, from a browser that never signed in to it. */
async function strangersFail(playwright: PlaywrightWorkerArgs['playwright'], email: string) {
  const strangers = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (let i = 0; i < 11; i += 1) {
    const stranger = await strangers.post('/api/login', {
      data: { username: email, password: `guess-${i}` },
      headers: { 'x-forwarded-for': `10.9.${i}.${1 + Math.floor(Math.random() * 250)}` },
    });
    expect([200, 401]).toContain(stranger.status());
  }
  await strangers.dispose();
}

/** The 6-digit code of the newest sign-in code mail to `email`. */
async function mailedCode(email: string): Promise<string> {
  for (let i = 0; i < 150; i += 1) {
    const mail = (await mailsTo(email)).filter((each) => each.subject.includes('sign-in code')).at(-1);
    if (mail) return /(\d{6})/.exec(mail.subject)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code mail for ${email}`);
}

test.describe('more proof after failed sign-ins, never a lockout (issue 39, item 6)', () => {
  test("after strangers' failures, a new browser signs in with the password and the emailed code, and is known next time", async ({
    page,
    playwright,
  }) => {
    // The account is made in another browser (which becomes its known device), so this page's browser has never signed in to it.
    const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const account = await registerAccount(elsewhere);
    await elsewhere.dispose();
    await strangersFail(playwright, account.email);

    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(
      page.getByText(
        'If the password was right, we sent a 6-digit sign-in code to your email address. Enter it to finish signing in.',
      ),
    ).toBeVisible();
    const code = page.getByLabel('Sign-in code');
    await expect(code).toBeFocused();

    // A wrong code says so under the field and keeps the step.
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    // Under the field (the 'Login failed' toast says it too, after '401: ').
    await expect(page.getByText('The code is not valid. Check the email and try again.', { exact: true })).toBeVisible();

    await code.fill(await mailedCode(account.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back, ${account.fullName}!`, { exact: true })).toBeVisible();

    // The browser is known now: signing in again asks for no code, though the account is still failing.
    expect((await page.request.post('/api/logout')).status()).toBe(200);
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Back to sign in leaves the code step', async ({ page, playwright }) => {
    const elsewhere = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const account = await registerAccount(elsewhere);
    await elsewhere.dispose();
    await strangersFail(playwright, account.email);

    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill('mistyped-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});
