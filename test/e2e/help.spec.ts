import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';

const SUBMITTED = "Your support request has been submitted. We'll get back to you soon!";

test.describe('Help Center', () => {
  test('shows the articles, one per category and the automations guide, with tabs Help Articles and Contact Support', async ({
    signedInPage: page,
  }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Help Articles' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Contact Support' })).toBeVisible();
    const articles = page.getByRole('list', { name: 'Help articles' }).getByRole('listitem');
    await expect(articles).toHaveCount(7);
    for (const category of ['Basics', 'Projects', 'Administration', 'Billing', 'Security']) {
      await expect(articles.filter({ hasText: category })).not.toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'Getting started with Growthwise' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('searches articles by title, description or category', async ({ signedInPage: page }) => {
    await page.goto('/help');
    const search = page.getByLabel('Search articles');
    const articles = page.getByRole('list', { name: 'Help articles' }).getByRole('listitem');

    await search.fill('SECURE');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Keeping your account secure');

    await search.fill('download invoices');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Billing');

    await search.fill('administration');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Adding users to your organization');

    await search.fill('quantum teleportation');
    await expect(page.getByText('No articles found matching your search.')).toBeVisible();
    await expect(articles).toHaveCount(0);

    await search.fill('');
    await expect(articles).toHaveCount(7);
  });

  test('the contact form requires every field and a valid email', async ({ signedInPage: page }) => {
    await page.goto('/help');
    await page.getByRole('tab', { name: 'Contact Support' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await page.getByRole('button', { name: 'Submit request' }).click();
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('submitting shows the confirmation alert, clears the form and calls no server', async ({ signedInPage: page }) => {
    await page.goto('/help');
    await page.getByRole('tab', { name: 'Contact Support' }).click();
    await expect(page.getByRole('link', { name: 'support@growthwise.example' })).toHaveAttribute(
      'href',
      'mailto:support@growthwise.example',
    );

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject').fill('Invoice question');
    await page.getByLabel('Message').fill('Where can I find my invoices?');
    await expectNoSeriousA11yViolations(page);

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: 'Submit request' }).click();

    const alert = page.getByRole('alertdialog');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(SUBMITTED);
    await expect(alert.getByRole('button', { name: 'OK' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);

    for (const field of ['Name', 'Email', 'Subject', 'Message'])
      await expect(page.getByLabel(field, { exact: true })).toHaveValue('');
    expect(apiCalls).toEqual([]);
  });
});

test.describe('Help articles open', () => {
  test('each article opens in place by keyboard with its paragraphs, and the search still filters them', async ({
    signedInPage: page,
  }) => {
    await page.goto('/help');
    const articles = page.getByRole('list', { name: 'Help articles' }).getByRole('listitem');
    for (const title of [
      'Getting started with Growthwise',
      'Creating and managing projects',
      'Adding users to your organization',
      'Managing your subscription and invoices',
      'Keeping your account secure',
      'Automate routine work',
    ]) {
      const toggle = page.getByRole('button', { name: title });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const body = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(body).toBeVisible();
      expect(await body.locator('p').count()).toBeGreaterThanOrEqual(3);
    }
    await expect(articles.filter({ hasText: 'Creating and managing projects' })).toContainText('filter the list by status');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Keeping your account secure' }).press('Space');
    await expect(page.getByRole('button', { name: 'Keeping your account secure' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByLabel('Search articles').fill('invoices');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Managing your subscription and invoices');
    // The search reads the articles' text and the abbreviations people type (polish review, item 8).
    await page.getByLabel('Search articles').fill('2FA');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Keeping your account secure');
    await page.getByLabel('Search articles').fill('invite');
    await expect(articles).toHaveCount(1);
    await expect(articles.first()).toContainText('Adding users to your organization');
  });
});
