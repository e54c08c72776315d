import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * A worker's tests share one browser context (playwright.config.ts, reuseContext; decision 080). These two run
 * one after the other in one worker: the first leaves behind what a test can leave in a browser, the second
 * must find none of it, as a new visitor would, and must be a client of an address of its own.
 */
test.describe.configure({ mode: 'serial' });

const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';
let firstAddress: string | undefined;

/** The client address on the next API request the page makes. */
async function addressOfNextApiCall(requests: Promise<Request>) {
  return (await (await requests).allHeaders())[CLIENT_ADDRESS_HEADER];
}

test('a test signs in and leaves a cookie, both storages, a route and an init script behind', async ({
  page,
  account,
  clientAddress,
}) => {
  void account;
  firstAddress = clientAddress;
  await page.context().route('**/config.json', (route) => route.fulfill({ json: { leftBehind: true } }));
  await page.addInitScript(() => Object.assign(window, { leftBehind: true }));
  const apiCall = page.waitForRequest('**/api/**');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await addressOfNextApiCall(apiCall)).toBe(clientAddress);
  await page.evaluate(() => {
    localStorage.setItem('left-behind', '1');
    sessionStorage.setItem('left-behind', '1');
  });
  expect(await page.context().cookies()).not.toEqual([]);
});

test('the next test in the same tab finds none of it: signed out, empty storage, no route or init script, another address', async ({
  page,
  clientAddress,
}) => {
  // The tab the test before used, navigated away (a fresh context would start with a history of one page).
  expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
  expect(await page.context().cookies()).toEqual([]);
  expect(clientAddress).not.toBe(firstAddress);

  const apiCall = page.waitForRequest('**/api/**');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
  expect(await addressOfNextApiCall(apiCall)).toBe(clientAddress);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('left-behind'),
      sessionStorage.getItem('left-behind'),
      'leftBehind' in window,
    ]),
  ).toEqual([null, null, false]);
  expect(
    await page.evaluate(async () => (await (await fetch('/config.json')).json()) as Record<string, unknown>),
  ).not.toHaveProperty('leftBehind');
});
