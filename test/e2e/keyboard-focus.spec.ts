import type { Locator, Page } from '@playwright/test';
import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';
import { toasts } from './support/toasts';

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Focuses a control and presses Enter, as a keyboard user opens it. */
async function openWithKeyboard(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/** WCAG's contrast ratio of two 'rgb(r, g, b)' colours. */
function contrast(first: string, second: string) {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe('keyboard focus after dialogs and the status change', () => {
  test('Create, Edit and Manage Members give focus back to the button that opened them, after Escape and after saving', async ({
    page,
  }) => {
    test.slow();
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'First project' });
    await page.goto('/projects');

    const newProject = page.getByRole('button', { name: 'New Project' });
    await openWithKeyboard(newProject);
    const create = page.getByRole('dialog', { name: 'Create New Project' });
    await expect(create).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();
    await expect(newProject).toBeFocused();
    await openWithKeyboard(newProject);
    await create.getByLabel('Name').fill('Second project');
    await create.getByLabel('Name').press('Enter');
    await expect(toasts(page)).toContainText('Project created');
    await expect(newProject).toBeFocused();

    const edit = row(page, 'First project').getByRole('button', { name: 'Edit First project' });
    await openWithKeyboard(edit);
    const editDialog = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(editDialog.getByLabel('Name')).toHaveValue('First project');
    // Polish review, item 11: the dialogs open on their first field, not on ×.
    await expect(editDialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(edit).toBeFocused();
    await openWithKeyboard(edit);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Project updated');
    await expect(edit).toBeFocused();

    const members = row(page, 'First project').getByRole('button', { name: 'Manage Members of First project' });
    await openWithKeyboard(members);
    const membersDialog = page.getByRole('dialog', { name: 'Manage Project Members' });
    await expect(membersDialog.getByRole('button', { name: 'Save Members' })).toBeVisible();
    await expect(membersDialog.getByRole('searchbox', { name: 'Search people' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(members).toBeFocused();
    await openWithKeyboard(members);
    await membersDialog.getByRole('button', { name: 'Save Members' }).click();
    await expect(toasts(page)).toContainText('Project members updated');
    await expect(members).toBeFocused();
  });

  test("Delete: Cancel goes back to Delete; a delete goes to the next row's first action, and to New Project when none is left", async ({
    page,
  }) => {
    await registerAccount(page.request);
    for (const name of ['Row one', 'Row two', 'Row three']) await createProjectViaApi(page.request, { name });
    await page.goto('/projects?sort=name');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Project' });

    const deleteTwo = page.getByRole('button', { name: 'Delete Row two' });
    await openWithKeyboard(deleteTwo);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(deleteTwo).toBeFocused();

    // Sorted by name: Row one, Row three, Row two. Deleting Row one moves focus to Row three's first action.
    await openWithKeyboard(page.getByRole('button', { name: 'Delete Row one' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Project deleted');
    await expect(page.getByRole('button', { name: 'Manage Members of Row three' })).toBeFocused();

    // Polish review, item 11: a cancel after a delete still goes back to its own Delete button.
    await openWithKeyboard(deleteTwo);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteTwo).toBeFocused();

    // The last row has no next one: the one before it.
    await openWithKeyboard(page.getByRole('button', { name: 'Delete Row two' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: 'Manage Members of Row three' })).toBeFocused();

    await openWithKeyboard(page.getByRole('button', { name: 'Delete Row three' }));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No Projects Yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Project' })).toBeFocused();
  });

  test("choosing a status by keyboard keeps focus on that row's status control", async ({ page }) => {
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'Keyboard status' });
    await page.goto('/projects');
    const status = page.getByRole('combobox', { name: 'Status of Keyboard status' });
    await openWithKeyboard(status);
    await page.getByRole('option', { name: 'In Progress' }).press('Enter');
    await expect(toasts(page)).toContainText('Status updated');
    await expect(status).toHaveText('In Progress');
    await expect(status).toBeFocused();
    // The badge does not wrap: one line, as tall as the trigger allows.
    const height = (await status.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(34);
  });

  test('a focused primary button has a ring of at least 3:1 against the page', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/projects');
    const newProject = page.getByRole('button', { name: 'New Project' });
    await newProject.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(newProject).toBeFocused();
    // The ring eases in with the button's colours (transition-colors): read them once it has ended.
    await newProject.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
    const { outline, width, fill, background } = await newProject.evaluate((button) => {
      const style = getComputedStyle(button);
      return {
        outline: style.outlineColor,
        width: parseFloat(style.outlineWidth),
        fill: style.backgroundColor,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(width).toBeGreaterThanOrEqual(2);
    expect(contrast(outline, background)).toBeGreaterThanOrEqual(3);
    // And told apart from the button's own fill (a ring of the button's colour reads as its edge).
    expect(contrast(outline, fill)).toBeGreaterThanOrEqual(3);
  });
});
