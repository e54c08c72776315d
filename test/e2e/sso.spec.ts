import { randomUUID } from 'node:crypto';
import { publishTxt } from '../support/local-dns-records';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { e2eDnsControlUrl, e2eIdp } from './support/local-servers';
import { expect, test } from './support/fixtures';

test.describe('Enterprise sign-in (issue 40)', () => {
  test('an admin verifies a domain and connects the identity provider; a person of that domain signs in through it in another browser', async ({ signedInPage: page, account, browser }) => {
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

    // The identity provider: its redirect URI to register, then the connection (still within the step-up's 5 minutes).
    const idp = e2eIdp();
    await expect(page.getByLabel('Redirect URI')).toHaveValue(idp.redirectUri);
    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);
    await page.getByRole('button', { name: 'Save identity provider' }).click();
    await expect(page.getByText('Identity provider saved').first()).toBeVisible();

    // Someone new at the domain, in a browser of their own: /auth, 'Sign in with SSO', the identity provider, the dashboard.
    const person = await browser.newContext();
    const other = await person.newPage();
    await other.goto('/auth');
    await other.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await other.getByRole('button', { name: 'Sign in with SSO' }).click();
    await other.getByLabel('Work email').fill(`grace.hopper@${domain}`);
    await other.getByRole('button', { name: 'Continue with SSO' }).click();
    // The local identity provider's development screens: any password, then consent.
    await other.getByPlaceholder('Enter any login').fill(`grace.hopper@${domain}`);
    await other.getByPlaceholder('and password').fill('any password');
    await other.getByRole('button', { name: 'Sign-in' }).click();
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(other.getByText('Grace Hopper', { exact: true }).first()).toBeVisible();
    await person.close();
  });
});
