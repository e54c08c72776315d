import { expect, registerAccount, test } from './support/fixtures';

const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_UI_PORT}`;

async function resetLink(email: string): Promise<string> {
  for (let i = 0; i < 150; i += 1) {
    const mails = (await (await fetch(`${inbox}/api/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[];
    const mail = mails.find((m) => m.to.some((to) => to.address === email) && m.subject.startsWith('Reset your'));
    const link = mail && /(http\S+\/reset-password#token=\S+)/.exec(mail.text)?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}

test('forgot password: request, follow the link from the local inbox, choose a new password, sign in with it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerAccount(context.request);
  await context.clearCookies();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset the password.')).toBeVisible();

  await page.goto(await resetLink(account.email));
  await page.getByLabel('New Password').fill('a-new-password');
  await page.getByLabel('Confirm Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/auth');

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a-new-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await context.close();
});
