import { randomUUID } from 'node:crypto';
import { publishTxt } from '../support/local-dns-records';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { e2eDnsControlUrl } from './support/local-dns-ports';
import { expect, test } from './support/fixtures';

test.describe('Enterprise sign-in (issue 40)', () => {
  test('an admin adds a domain, confirms it is them, publishes the TXT record shown and verifies the domain', async ({ signedInPage: page, account }) => {
    const domain = `acme-${randomUUID().slice(0, 8)}.test`;
    await page.goto('/organization-settings?tab=sso');
    await expect(page.getByRole('tab', { name: 'Single sign-on', selected: true })).toBeVisible();
    await expect(page.getByText('No domains yet. Add one above.')).toBeVisible();

    await page.getByLabel('Domain', { exact: true }).fill(domain.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();
    // A security change: the password is asked for once on this session.
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirm.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();

    const row = page.getByRole('list', { name: 'Domains' }).getByRole('listitem').filter({ hasText: domain });
    await expect(row.getByText('Not verified')).toBeVisible();
    await expect(row.getByText(`_growthwise-verification.${domain}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Before the record exists, Verify says what it found.
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(page.getByText(`No TXT record was found at _growthwise-verification.${domain}.`, { exact: false }).first()).toBeVisible();

    const value = await row.getByText(/^growthwise-domain-verification=/).textContent();
    await publishTxt(e2eDnsControlUrl(), `_growthwise-verification.${domain}`, [value!]);
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Verify ${domain}` })).toBeHidden();
  });
});
