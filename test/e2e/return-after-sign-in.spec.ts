import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { createProjectViaApi } from './support/projects';

test.describe('the way back after sign-in', () => {
  test('a project link opened signed out leads to sign-in, then to that project', async ({ page, browser }) => {
    // The owner makes the project in a context of their own; the page's context stays signed out.
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const account = await registerAccount(ownerContext.request);
    const project = await createProjectViaApi(ownerContext.request, { name: 'Autumn webinar series' });
    await ownerContext.close();

    await page.goto(`/projects/${project.id}?from=mail`);
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/projects/${project.id}?from=mail`)}`);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`/projects/${project.id}?from=mail`);
    await expect(page.getByRole('heading', { level: 1, name: 'Autumn webinar series' })).toBeVisible();
  });

  test('registering from a deep link also returns to it, through the Register tab', async ({ page }) => {
    await page.goto('/help');
    await expect(page).toHaveURL('/auth?next=%2Fhelp');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL('/auth?tab=register&next=%2Fhelp');
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Organization name').fill('Hopper Labs');
    await page.getByLabel('Email address').fill(uniqueEmail('deep-link'));
    await page.getByLabel('Password').fill('an-uncommon-passphrase');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/help');
  });

  // The last two passed the old raw-text check and then parsed into '//evil.example' (issue 63, finding 3): in
  // Chromium the sign-in went on to http://evil.example/.
  for (const next of [
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
  ]) {
    test(`an outside address (${next}) is refused: sign-in goes to the dashboard`, async ({ page, request }) => {
      const account = await registerAccount(request);
      await page.context().clearCookies();
      await page.goto(`/auth?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email address').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL('/dashboard');
    });
  }

  test('a signed-in visitor of /auth with a way back goes straight there', async ({ page }) => {
    const account = await registerAccount(page.request);
    await signIn(page.request, account.email, account.password);
    await page.goto('/auth?next=%2Fprojects');
    await expect(page).toHaveURL('/projects');
  });
});
