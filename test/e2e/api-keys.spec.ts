import { request as apiRequest } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, signIn, test, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

test.describe('API keys (issue 65)', () => {
  test('an admin creates a key in the browser, copies it, and a tool calls the API with it; revoking it stops it', async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/organization-settings?tab=api-keys');
    const card = page.getByRole('tabpanel', { name: 'API keys' });
    await expect(card.getByText('No API keys yet.')).toBeVisible();
    await card.getByLabel('Key name').fill('Spreadsheet report');
    // Read projects is ticked from the start; writing them is asked for too.
    await expect(card.getByRole('checkbox', { name: /^projects:read/ })).toBeChecked();
    await card.getByRole('checkbox', { name: /^projects:write/ }).click();
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: 'Create API key' }).click();

    // A security change: the password is confirmed first.
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await confirm.getByLabel('Password').fill(account.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const shown = page.getByRole('dialog', { name: 'API key created' });
    await expect(shown.getByLabel('API key')).toHaveValue(/^gw_live_/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    // Behind the open dialog Radix hides the toast region from the accessibility tree: the toast is found by its item.
    await expect(page.locator('li[data-toast-id]').filter({ hasText: 'The API key is on your clipboard.' })).toBeVisible();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^gw_live_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const listed = card.getByRole('list', { name: 'API keys' }).getByRole('listitem');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Spreadsheet report');
    await expect(listed).toContainText('projects:read, projects:write');
    await expect(listed).toContainText('Never used');

    // The tool: no browser, no cookie, only the key.
    const tool = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    try {
      const created = await tool.post('/api/projects', { data: { name: 'Made by the spreadsheet' } });
      expect(created.status(), await created.text()).toBe(201);
      expect(created.headers()['ratelimit-policy']).toBe('"api-key";q=120;w=60');
      const listedByKey = await tool.get('/api/projects');
      expect(listedByKey.status()).toBe(200);
      expect(JSON.stringify(await listedByKey.json())).toContain('Made by the spreadsheet');
      expect((await tool.get('/api/user')).status()).toBe(403);

      // The person sees what the key made, attributed to it.
      const project = (await created.json()) as { id: string };
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByText('API key: Spreadsheet report').first()).toBeVisible();

      await page.goto('/organization-settings?tab=api-keys');
      await expect(listed).not.toContainText('Never used');
      await card.getByRole('button', { name: 'Revoke Spreadsheet report' }).click();
      await page
        .getByRole('alertdialog', { name: 'Revoke Spreadsheet report?' })
        .getByRole('button', { name: 'Revoke key' })
        .click();
      await expect(toasts(page)).toContainText('Spreadsheet report can no longer call the API.');
      await expect(card.getByText('No API keys yet.')).toBeVisible();
      expect((await tool.get('/api/projects')).status()).toBe(401);
    } finally {
      await tool.dispose();
    }
  });

  test('staff see the permission message in place of the keys, and the API refuses them', async ({
    signedInPage: page,
    browser,
  }) => {
    const email = uniqueEmail('staff');
    const added = await page.request.post('/api/organization/users', {
      data: { username: email, fullName: 'Sam Staff', password: 'staff-password', role: 'staff' },
    });
    expect(added.status()).toBe(201);
    const context = await browser.newContext();
    try {
      const staff = await context.newPage();
      await signIn(staff.request, email, 'staff-password');
      await staff.goto('/organization-settings?tab=api-keys');
      await expect(
        staff.getByText('You do not have permission to manage API keys. Please contact your administrator.'),
      ).toBeVisible();
      expect((await staff.request.get('/api/organization/api-keys')).status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
