import type { Page } from '@playwright/test';

/**
 * Goes to `path` as a link inside the app does: the router draws the screen in the page already loaded,
 * which is not loaded, parsed and started again (a `page.goto` is). The router follows the browser's
 * history, so a pushed entry and a popstate event are what it sees when the user goes back and forward.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
