import type { Locator } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';

const background = (field: Locator) => field.evaluate((element) => getComputedStyle(element).backgroundColor);

// Polish review, item 4: every select except the status badge had the grey of the read-only email field.
test('dropdowns look as enabled as the text fields beside them; only read-only fields are grey', async ({ page }) => {
  await registerAccount(page.request, { fullName: 'Ada Lovelace' });
  await createProjectViaApi(page.request, { name: 'Spring campaign' });
  await page.goto('/projects');
  const nameFilter = page.getByLabel('Filter by name');
  const status = page.getByRole('combobox', { name: 'Status', exact: true });
  await expect(status).toBeEnabled();
  const enabledText = await background(nameFilter);
  expect(await background(status)).toBe(enabledText);

  await page.goto('/user-settings');
  const email = page.locator('#profile-email');
  await expect(email).toHaveAttribute('readonly', '');
  expect(await background(email)).not.toBe(enabledText);
  expect(await background(page.getByLabel('Full Name'))).toBe(enabledText);
});
