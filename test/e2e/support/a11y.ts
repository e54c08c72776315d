import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on serious or critical axe-core violations of what the page shows now (open dialogs and menus included). */
export async function expectNoSeriousA11yViolations(page: Page) {
  // While a Radix modal (dialog, menu) is open, the rest of the page is aria-hidden and out of reach:
  // the focus trap keeps focus inside and outside pointer events are off. It is not what the user
  // can reach, so it is left out rather than reported as focusable-but-hidden.
  const { violations } = await new AxeBuilder({ page }).exclude('[data-aria-hidden="true"]').analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
