import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
  fullName: string;
  organizationName: string;
  userId: string;
  orgId: string;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 10)}@example.com`;

/** Registers a new organization and its admin through the API; the page's context is then signed in. */
export async function registerAccount(
  request: APIRequestContext,
  overrides: Partial<Omit<Account, 'userId' | 'orgId'>> = {},
): Promise<Account> {
  const account = {
    email: overrides.email ?? uniqueEmail('admin'),
    password: overrides.password ?? 'secret-password',
    fullName: overrides.fullName ?? 'Ada Lovelace',
    organizationName: overrides.organizationName ?? `Acme ${randomUUID().slice(0, 6)}`,
  };
  const response = await request.post('/api/register', {
    data: {
      username: account.email,
      password: account.password,
      fullName: account.fullName,
      organizationName: account.organizationName,
      plan: 'professional',
      billingCycle: 'monthly',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = await response.json();
  return { ...account, userId: user.id, orgId: user.roles[0].organization.id };
}

/** Signs a page's context in as an existing user, through the API. */
export async function signIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/login', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * The public pages are prerendered (docs/decisions/011): they are on screen, and `load` has fired,
 * before React has taken them over, and a click or a keystroke in that moment is lost. Every page
 * load of a test therefore waits for the app's mark that it is interactive, as a person waits for
 * the page to respond.
 */
async function untilInteractive(page: Page) {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/** The header the e2e server takes the client's address from (playwright.config.ts, EmulatorOptions.clientAddressHeader). */
const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

export const test = base.extend<{ clientAddress: string; account: Account; signedInPage: Page }>({
  /**
   * Each test is a client of its own address, as separate people are: the per-address limits
   * (registrations, failed sign-ins) then count one test's requests, not the whole run's.
   */
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, use) => {
    await use(`10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
  },
  /**
   * The address goes on the context as it runs, not in its options: a worker's tests share one context
   * (playwright.config.ts, reuseContext), which Playwright keeps only while the options stay the same.
   * Other contexts the test opens (a second person) and its `request` are clients of the same address.
   */
  context: async ({ context, browser, clientAddress }, use) => {
    const header = { [CLIENT_ADDRESS_HEADER]: clientAddress };
    await context.setExtraHTTPHeaders(header);
    const newContext = browser.newContext.bind(browser);
    browser.newContext = (options = {}) =>
      newContext({ ...options, extraHTTPHeaders: { ...header, ...options.extraHTTPHeaders } });
    try {
      await use(context);
    } finally {
      browser.newContext = newContext;
    }
  },
  request: async ({ playwright, clientAddress }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { [CLIENT_ADDRESS_HEADER]: clientAddress } });
    await use(request);
    await request.dispose();
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilInteractive(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilInteractive(page);
      return response;
    };
    await use(page);
  },
  /** A fresh organization whose admin is signed in on `page`. */
  account: async ({ page }, use) => {
    await use(await registerAccount(page.request));
  },
  signedInPage: async ({ page, account }, use) => {
    void account;
    await use(page);
  },
});

export { expect };
