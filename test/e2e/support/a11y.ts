import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Lets every animation that ends (a hover card's or dialog's fade-in) reach its last frame. axe measures
 * colour contrast with the opacity of the moment, so text scanned mid-fade reads as too faint (stop 51's
 * failed run: the member hover card's e-mail at a fraction of its opacity). Endless ones (spinners) are left.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails on serious or critical axe-core violations of what the page shows now (open dialogs, menus and
 * hover cards included); `screen` names it in the failure.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url()) {
  await settleAnimations(page);
  // While a Radix modal (dialog, menu) is open, the rest of the page is aria-hidden and out of reach:
  // the focus trap keeps focus inside and outside pointer events are off. It is not what the user
  // can reach, so it is left out rather than reported as focusable-but-hidden.
  const { violations } = await new AxeBuilder({ page }).exclude('[data-aria-hidden="true"]').analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `${screen} has serious or critical accessibility violations`).toEqual([]);
}
