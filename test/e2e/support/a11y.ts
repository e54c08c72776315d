import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type WithAxe = Window & typeof globalThis & { axe: typeof axe };

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
  const excluded = ['[data-aria-hidden="true"]'];
  // axe-core runs in the page itself, put there once per document: a page scanned again, or a screen
  // opened in it, already has it. @axe-core/playwright evaluated its 500 KB twice a scan and sent every
  // passing check back: four times the browser's CPU a scan (docs/decisions/085). The app has no frames.
  const violations = await (async () => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    return page.evaluate(async (exclude) => {
      const { violations } = await (window as WithAxe).axe.run({ exclude }, { resultTypes: ['violations'] });
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        targets: nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    }, excluded);
  })().finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.targets.join(' | ')}`);
  expect(serious, `${screen} has serious or critical accessibility violations`).toEqual([]);
}
