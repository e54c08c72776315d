import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical axe-core violations of what the page shows now (open dialogs, menus and
 * hover cards included); `screen` names it in the failure.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen = page.url()) {
  // axe measures colour contrast with the opacity of the moment: text in the middle of a fade-in reads as
  // too faint (the member hover card's role and e-mail, at 2.1–3.4 : 1, in stop 51's run and in one of
  // four runs here, its fade-in started again while axe ran). Scanned as a user who asked for reduced
  // motion sees the page (styles.css: every animation over at once), each scan sees the settled screen.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // While a Radix modal (dialog, menu) is open, the rest of the page is aria-hidden and out of reach:
  // the focus trap keeps focus inside and outside pointer events are off. It is not what the user
  // can reach, so it is left out rather than reported as focusable-but-hidden.
  // Legacy mode runs axe.run in the page itself. The default runs it in each frame and then again in a
  // new blank page that puts the results together, so that cross-origin frames can be read: twice the
  // renderer time a scan (2.1 s → 1.1 s each, about 120 scans a run) for frames this app has none of
  // (docs/decisions/077). Same-origin frames are still scanned.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-aria-hidden="true"]')
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `${screen} has serious or critical accessibility violations`).toEqual([]);
}
