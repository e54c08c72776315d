import type { APIRequestContext } from '@playwright/test';
import {
  checkoutSessionObject,
  newCustomerId,
  newSubscriptionId,
  stripeEvent,
  subscriptionObject,
} from '../support/stripe-events';
import { expect, registerAccount, signIn, uniqueEmail } from './support/fixtures';
import { test } from './support/stripe-stage';
import { checkoutReference, deliverStripeEvent } from './support/stripe-webhook';

const PORTAL_LINK = 'https://billing.stripe.com/p/login/test_growthwise';

interface PortalSession {
  customer: string;
  return_url: string;
  url: string;
}

async function portalSessionsCreated(request: APIRequestContext, standInUrl: string): Promise<PortalSession[]> {
  const response = await request.get(`${standInUrl}/__stand-in/portal-sessions`);
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe('Billing portal session', () => {
  test.beforeEach(async ({ context }) => {
    // The stage's settings with a static portal link too: the session must win over it for admins.
    await context.route('**/config.json', (route) =>
      route.fulfill({ json: { stripePortalUrl: PORTAL_LINK, stripePublishableKey: null, stripePricingTableId: null } }),
    );
    await context.route('https://billing.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Customer portal</title><h1>Customer portal</h1>' }),
    );
  });

  test("an admin's 'Manage Subscription' opens, in a new tab, the portal session the server created for the organization's customer; staff get none (403)", async ({
    page,
    context,
    browser,
    stripeStage,
  }) => {
    // Every function of this stage starts cold in the test's own worker: first answers take longer.
    test.slow();
    const account = await registerAccount(page.request);
    // The organization bought from the pricing table; with a secret key the server reads the subscription from Stripe.
    const customer = newCustomerId();
    const subscription = subscriptionObject({ id: newSubscriptionId(), customer, status: 'active' });
    const held = await page.request.put(`${stripeStage.standInUrl}/__stand-in/subscriptions/${subscription.id}`, {
      data: subscription,
    });
    expect(held.status()).toBe(200);
    await deliverStripeEvent(
      page.request,
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject({
          customer,
          subscription: subscription.id,
          clientReferenceId: await checkoutReference(page.request),
          email: account.email,
        }),
      ),
    );

    await page.goto('/billing');
    const manage = page.getByRole('button', { name: /Manage Subscription/ });
    await expect(manage).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: /Manage Subscription/ })).toHaveCount(0);
    const [portal] = await Promise.all([context.waitForEvent('page'), manage.click()]);
    await expect(portal).toHaveURL(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/, { timeout: 15_000 });
    await expect(portal.getByRole('heading', { name: 'Customer portal' })).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);

    const sessions = await portalSessionsCreated(page.request, stripeStage.standInUrl);
    const opened = sessions.find((session) => session.url === portal.url());
    expect(opened).toMatchObject({ customer, return_url: `${stripeStage.url}/billing` });
    // The new tab cannot reach back into the app's window.
    expect(await portal.evaluate(() => window.opener)).toBeNull();

    const staffEmail = uniqueEmail('staff');
    const added = await page.request.post('/api/organization/users', {
      data: { username: staffEmail, fullName: 'Sam Staff', password: 'staff-password', role: 'staff' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const staffContext = await browser.newContext({
      baseURL: stripeStage.url,
      extraHTTPHeaders: { 'x-forwarded-for': '10.200.0.7' },
    });
    try {
      await staffContext.route('**/config.json', (route) =>
        route.fulfill({ json: { stripePortalUrl: PORTAL_LINK, stripePublishableKey: null, stripePricingTableId: null } }),
      );
      await signIn(staffContext.request, staffEmail, 'staff-password');
      const staffPage = await staffContext.newPage();
      await staffPage.goto('/billing');
      await expect(staffPage.locator('html[data-interactive]')).toBeAttached();
      // Staff keep the stage's configured link; the server opens no session for them.
      await expect(staffPage.getByRole('link', { name: /Manage Subscription/ })).toHaveAttribute('href', PORTAL_LINK);
      await expect(staffPage.getByRole('button', { name: /Manage Subscription/ })).toHaveCount(0);
      const refused = await staffContext.request.post('/api/billing/portal-session');
      expect(refused.status()).toBe(403);
      expect(await portalSessionsCreated(page.request, stripeStage.standInUrl)).toHaveLength(sessions.length);
    } finally {
      await staffContext.close();
    }
  });
});
