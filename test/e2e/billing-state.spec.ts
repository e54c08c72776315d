import type { APIRequestContext, Page } from '@playwright/test';
import {
  checkoutSessionObject,
  invoiceObject,
  newCustomerId,
  newSubscriptionId,
  nowSeconds,
  stripeEvent,
  subscriptionObject,
  type SubscriptionFields,
} from '../support/stripe-events';
import { type Account, expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { checkoutReference, deliverStripeEvent } from './support/stripe-webhook';

const DAY = 24 * 60 * 60;
/** As the page writes it: 'January 5, 2026'. */
const longDate = (seconds: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(seconds * 1000));

/** The organization bought from the pricing table, then Stripe sent the subscription's state. */
async function subscribed(request: APIRequestContext, account: Account, fields: Omit<SubscriptionFields, 'id' | 'customer'>) {
  const customer = newCustomerId();
  const id = newSubscriptionId();
  await deliverStripeEvent(
    request,
    stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({
        customer,
        subscription: id,
        clientReferenceId: await checkoutReference(request),
        email: account.email,
      }),
    ),
  );
  await deliverStripeEvent(
    request,
    stripeEvent('customer.subscription.updated', subscriptionObject({ id, customer, ...fields })),
  );
  return { customer, id };
}

const stateCard = (page: Page) => page.getByTestId('subscription-state');
const banner = (page: Page) => page.getByTestId('billing-banner');

test.describe('Billing state', () => {
  test('a new organization is on a 14-day trial of the professional plan, with no banner yet', async ({ page }) => {
    const before = nowSeconds();
    await registerAccount(page.request);
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
    await expect(stateCard(page)).toContainText('Professional · Monthly');
    await expect(stateCard(page)).toContainText('Trial');
    const trialEnds = [longDate(before + 14 * DAY), longDate(nowSeconds() + 14 * DAY)];
    // Polish review, day one: the trial's days left, beside its end.
    await expect(stateCard(page)).toContainText(new RegExp(`Trial ends on (${trialEnds.join('|')}) \\(14 days left\\)`));
    await expect(banner(page)).toHaveCount(0);
    // The spec's three cards follow the state.
    for (const title of ['Customer Portal', 'Subscription Plans', 'Invoice History'])
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  test('a trial ending within 3 days shows its date and the admin banner on every page', async ({ page }) => {
    const account = await registerAccount(page.request);
    const trialEnd = nowSeconds() + 2 * DAY;
    await subscribed(page.request, account, { status: 'trialing', trialEnd });
    await page.goto('/dashboard');
    await expect(banner(page)).toHaveText(`Your trial ends on ${longDate(trialEnd)}. Choose a plan to keep your subscription.`);
    await banner(page).getByRole('link').click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(stateCard(page)).toContainText(`Trial ends on ${longDate(trialEnd)}`);
  });

  test('an active subscription shows when it renews, and no banner', async ({ page }) => {
    const account = await registerAccount(page.request);
    const periodEnd = nowSeconds() + 30 * DAY;
    await subscribed(page.request, account, { status: 'active', currentPeriodEnd: periodEnd, quantity: 4 });
    await page.goto('/billing');
    await expect(stateCard(page)).toContainText('Active');
    await expect(stateCard(page)).toContainText(`Renews on ${longDate(periodEnd)}`);
    await expect(stateCard(page)).toContainText('4 seats');
    await expect(banner(page)).toHaveCount(0);
  });

  test('a failed payment shows past due and the banner to admins, not to staff', async ({ page, browser }) => {
    const account = await registerAccount(page.request);
    const { customer, id } = await subscribed(page.request, account, { status: 'past_due' });
    await deliverStripeEvent(
      page.request,
      stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription: id, status: 'open' })),
    );
    await page.goto('/billing');
    await expect(stateCard(page)).toContainText('Past due');
    await expect(banner(page)).toHaveText('Your last payment failed. Update your payment method.');
    await expect(banner(page).getByRole('link')).toHaveAttribute('href', '/billing');

    // The admin is told in-app too.
    await page.getByRole('button', { name: /notifications/i }).click();
    await expect(page.getByRole('button', { name: /^Payment failed/ })).toBeVisible();

    const staffEmail = uniqueEmail('staff');
    const added = await page.request.post('/api/organization/users', {
      data: { username: staffEmail, fullName: 'Sam Staff', password: 'staff-password', role: 'staff' },
    });
    expect(added.status()).toBe(201);
    const staffContext = await browser.newContext();
    try {
      await signIn(staffContext.request, staffEmail, 'staff-password');
      const staffPage = await staffContext.newPage();
      await staffPage.goto('/billing');
      await expect(staffPage.locator('html[data-interactive]')).toBeAttached();
      await expect(stateCard(staffPage)).toContainText('Past due');
      await expect(
        staffPage.getByText('You do not have permission to manage subscriptions. Please contact your administrator.'),
      ).toBeVisible();
      await expect(banner(staffPage)).toHaveCount(0);
    } finally {
      await staffContext.close();
    }
  });

  test('a subscription set to cancel says when; a canceled one says canceled', async ({ page }) => {
    const account = await registerAccount(page.request);
    const periodEnd = nowSeconds() + 12 * DAY;
    const { customer, id } = await subscribed(page.request, account, {
      status: 'active',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
    });
    await page.goto('/billing');
    await expect(stateCard(page)).toContainText(`Cancels on ${longDate(periodEnd)}`);

    await deliverStripeEvent(
      page.request,
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({ id, customer, status: 'canceled', currentPeriodEnd: periodEnd }),
        nowSeconds() + 1,
      ),
    );
    await page.reload();
    await expect(stateCard(page)).toContainText('Canceled');
    await expect(stateCard(page)).not.toContainText('Renews on');
    // Nothing is locked: the organization's projects still open.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  });

  test("the pricing table carries a reference the server made for the organization, and the admin's email", async ({
    page,
    context,
  }) => {
    await context.route('**/config.json', (route) =>
      route.fulfill({
        json: {
          stripePortalUrl: 'https://billing.stripe.com/p/login/test_growthwise',
          stripePublishableKey: 'pk_test_growthwise',
          stripePricingTableId: 'prctbl_growthwise',
        },
      }),
    );
    await context.route('https://js.stripe.com/v3/pricing-table.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "customElements.define('stripe-pricing-table', class extends HTMLElement {});",
      }),
    );
    const account = await registerAccount(page.request);
    await page.goto('/billing');
    const table = page.locator('stripe-pricing-table');
    await expect(table).toHaveAttribute('client-reference-id', /^[A-Za-z0-9_-]{32}$/);
    expect(await table.getAttribute('client-reference-id')).not.toContain(account.orgId);
    await expect(table).toHaveAttribute('customer-email', account.email);
  });
});
