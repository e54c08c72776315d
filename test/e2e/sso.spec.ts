import { randomUUID } from 'node:crypto';
import { publishTxt } from '../support/local-dns-records';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { e2eDnsControlUrl, e2eIdp } from './support/local-servers';

test.describe('Enterprise sign-in (issue 40)', () => {
  test('an admin verifies a domain, connects the identity provider and requires SSO; a person of that domain signs in through it in another browser, not with a password, and is signed out when deprovisioned over SCIM', async ({
    signedInPage: page,
    account,
    browser,
  }) => {
    // Three browsers, an identity provider and a SCIM call: longer than one page's flow.
    test.slow();
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
    await expect(
      page.getByText(`No TXT record was found at _growthwise-verification.${domain}.`, { exact: false }).first(),
    ).toBeVisible();

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

    // 'Test connection': a sign-in in a popup that signs nobody in; the popup and the tab show the claims received.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const popup = await popupOpened;
    await popup.getByPlaceholder('Enter any login').fill(`ada.tester@${domain}`);
    await popup.getByPlaceholder('and password').fill('any password');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(popup.getByText('The test sign-in worked (OpenID Connect). Claims received:')).toBeVisible();
    await expect(page.getByText('Connection test passed').first()).toBeVisible();
    await expect(page.getByText('The test sign-in worked (OpenID Connect). Claims received:')).toBeVisible();
    // The local identity provider's subject is the login itself: the address shows as both.
    await expect(page.getByText(`ada.tester@${domain}`, { exact: true }).first()).toBeVisible();
    await popup.close();

    // Single sign-on required: asked first, saying who it concerns and who keeps password access.
    await page.getByRole('checkbox', { name: 'Require single sign-on for people at verified domains' }).click();
    const requireDialog = page.getByRole('alertdialog', { name: 'Require single sign-on?' });
    await expect(requireDialog).toContainText(`Everyone whose email is at ${domain} will sign in with ‘Sign in with SSO’`);
    await expect(requireDialog).toContainText('You keep password access');
    await requireDialog.getByRole('button', { name: 'Require single sign-on' }).click();
    await expect(page.getByText('Single sign-on is now required at your verified domains.').first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `${account.fullName} (${account.email})` })).toBeChecked();

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

    // A password is no way in for them: the /auth form says where to go instead.
    const elsewhere = await browser.newContext();
    const byPassword = await elsewhere.newPage();
    await byPassword.goto('/auth');
    await byPassword.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await byPassword.getByLabel('Email address').fill(`grace.hopper@${domain}`);
    await byPassword.getByLabel('Password').fill('any password');
    await byPassword.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(byPassword.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText(
      'Your organization requires single sign-on for this email address. Use ‘Sign in with SSO’ below.',
    );
    await elsewhere.close();

    // Deprovisioned over SCIM (the identity provider with a token the admin made): signed out at their next request.
    expect((await page.request.post('/api/user/step-up', { data: { password: account.password } })).status()).toBe(204);
    const { token } = await (await page.request.post('/api/organization/scim-tokens', { data: { name: 'Local IdP' } })).json();
    const scimHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
    const found = await (
      await page.request.get(`/api/scim/v2/Users?filter=${encodeURIComponent(`userName eq "grace.hopper@${domain}"`)}`, {
        headers: scimHeaders,
      })
    ).json();
    const deactivated = await page.request.patch(`/api/scim/v2/Users/${found.Resources[0].id}`, {
      headers: scimHeaders,
      data: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
    });
    expect(deactivated.status()).toBe(200);
    await other.getByRole('link', { name: 'Projects' }).first().click();
    await expect(other).toHaveURL(/\/auth\?next=/);
    await expect(other.getByText('Your session has ended. Please sign in again.').first()).toBeVisible();
    await person.close();
  });
});
