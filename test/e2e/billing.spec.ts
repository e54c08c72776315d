import type { BrowserContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';

const PORTAL_URL = 'https://billing.stripe.com/p/login/test_growthwise';
const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';
const configured = {
  stripePortalUrl: PORTAL_URL,
  stripePublishableKey: 'pk_test_growthwise',
  stripePricingTableId: 'prctbl_growthwise',
};

/**
 * This environment's settings as the deployment would write them, and a stand-in for the provider
 * (no network here): the pricing-table script defines the element and shows what it was given.
 */
async function serveConfiguredBilling(context: BrowserContext) {
  const scriptRequests: string[] = [];
  await context.route('**/config.json', (route) => route.fulfill({ json: configured }));
  await context.route(PRICING_TABLE_SCRIPT, (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `customElements.define('stripe-pricing-table', class extends HTMLElement {
        connectedCallback() { this.textContent = 'Pricing table ' + this.getAttribute('pricing-table-id') + ' for ' + this.getAttribute('publishable-key'); }
      });`,
    });
  });
  await context.route(`${PORTAL_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Customer portal</title><h1>Customer portal</h1>' }),
  );
  return scriptRequests;
}

test.describe('Billing', () => {
  test('without billing settings the page says once that billing is not set up and who to ask, instead of a broken link or embed', async ({
    signedInPage: page,
  }) => {
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    for (const title of ['Customer Portal', 'Subscription Plans', 'Invoice History']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    // Said once, in plain words, with who to ask; no card points at a button that is not there.
    const notice = page.getByRole('note');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Billing is not set up yet');
    await expect(notice.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    await expect(page.getByText(/not configured/)).toHaveCount(0);
    await expect(page.getByText('Not available yet.')).toHaveCount(2);
    await expect(page.getByText('No invoices yet.')).toBeVisible();
    await expect(page.getByText(/Manage Subscription/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Manage Subscription/ })).toHaveCount(0);
    await expect(page.locator('stripe-pricing-table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an admin gets the customer portal in a new tab and the embedded pricing table', async ({ page, context }) => {
    const scriptRequests = await serveConfiguredBilling(context);
    await registerAccount(page.request);

    // The provider's script is loaded on demand: not by other pages.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(scriptRequests).toEqual([]);

    await page.goto('/billing');
    const manage = page.getByRole('link', { name: /Manage Subscription/ });
    await expect(manage).toHaveAttribute('href', PORTAL_URL);
    await expect(manage).toHaveAttribute('target', '_blank');
    await expect(manage).toHaveAttribute('rel', 'noopener noreferrer');

    const table = page.locator('stripe-pricing-table');
    await expect(table).toHaveAttribute('pricing-table-id', 'prctbl_growthwise');
    await expect(table).toHaveAttribute('publishable-key', 'pk_test_growthwise');
    await expect(table).toHaveText('Pricing table prctbl_growthwise for pk_test_growthwise');
    expect(scriptRequests).toEqual([PRICING_TABLE_SCRIPT]);
    await expect(
      page.getByText('You do not have permission to manage subscriptions. Please contact your administrator.'),
    ).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const [portal] = await Promise.all([context.waitForEvent('page'), manage.click()]);
    await expect(portal).toHaveURL(PORTAL_URL);
    await expect(portal.getByRole('heading', { name: 'Customer portal' })).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('staff see the portal but not the pricing table, at /subscription too', async ({ page, browser }) => {
    await registerAccount(page.request);
    const staffEmail = uniqueEmail('staff');
    const added = await page.request.post('/api/organization/users', {
      data: { username: staffEmail, fullName: 'Sam Staff', password: 'staff-password', role: 'staff' },
    });
    expect(added.status(), await added.text()).toBe(201);

    const staffContext = await browser.newContext();
    try {
      const scriptRequests = await serveConfiguredBilling(staffContext);
      await signIn(staffContext.request, staffEmail, 'staff-password');
      const staffPage = await staffContext.newPage();
      for (const path of ['/billing', '/subscription']) {
        await staffPage.goto(path);
        await expect(staffPage.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
        await expect(
          staffPage.getByText('You do not have permission to manage subscriptions. Please contact your administrator.'),
        ).toBeVisible();
        await expect(staffPage.getByRole('link', { name: /Manage Subscription/ })).toHaveAttribute('href', PORTAL_URL);
        await expect(staffPage.getByRole('heading', { name: 'Invoice History' })).toBeVisible();
      }
      await expect(staffPage.locator('stripe-pricing-table')).toHaveCount(0);
      expect(scriptRequests).toEqual([]);
      await expectNoSeriousA11yViolations(staffPage);
    } finally {
      await staffContext.close();
    }
  });
});
