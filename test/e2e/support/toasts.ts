import type { Page } from '@playwright/test';

/** The notifications region (Radix Toast viewport, F8) and the toasts in it. */
export const notificationsRegion = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
export const toasts = (page: Page) => notificationsRegion(page).locator('li');

/** Holds every request to `path` until the returned release() is called: pending states can be seen without sleeps. */
export async function holdRequests(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
