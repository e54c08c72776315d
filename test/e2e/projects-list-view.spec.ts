import type { Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi } from './support/projects';

const isoDay = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');
const shownNames = (page: Page) => page.getByRole('table').getByRole('row').getByRole('link').allTextContents();
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('Projects list at scale: filters, sort, URL state', () => {
  test('filters by status and name, sorts by the column headers with aria-sort, and keeps it all in the URL', async ({
    page,
  }) => {
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'Bravo launch', status: 'in_progress', dueDate: isoDay(20) });
    await createProjectViaApi(page.request, { name: 'alpha webinar', status: 'planning', dueDate: isoDay(5) });
    await createProjectViaApi(page.request, { name: 'Charlie launch', status: 'in_progress', dueDate: isoDay(10) });
    await createProjectViaApi(page.request, { name: 'Delta audit', status: 'completed', dueDate: null });
    await page.goto('/projects');
    await expect.poll(() => shownNames(page)).toEqual(['Bravo launch', 'alpha webinar', 'Charlie launch', 'Delta audit']);

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await expect(page).toHaveURL('/projects?status=in_progress');
    await expect.poll(() => shownNames(page)).toEqual(['Bravo launch', 'Charlie launch']);
    await expect(page.getByRole('status').filter({ hasText: '2 of 4 projects' })).toBeVisible();

    const dueDate = page.getByRole('columnheader', { name: 'Due Date' });
    await expect(dueDate).toHaveAttribute('aria-sort', 'none');
    await dueDate.getByRole('button').click();
    await expect(page).toHaveURL('/projects?status=in_progress&sort=dueDate');
    await expect(dueDate).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => shownNames(page)).toEqual(['Charlie launch', 'Bravo launch']);
    await dueDate.getByRole('button').click();
    await expect(dueDate).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL('/projects?status=in_progress&sort=dueDate&order=desc');
    await expect.poll(() => shownNames(page)).toEqual(['Bravo launch', 'Charlie launch']);

    // A reload (or a shared link) shows the same list.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('In Progress');
    await expect(page.getByRole('columnheader', { name: 'Due Date' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => shownNames(page)).toEqual(['Bravo launch', 'Charlie launch']);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(page).toHaveURL('/projects?sort=name');
    await expect.poll(() => shownNames(page)).toEqual(['alpha webinar', 'Bravo launch', 'Charlie launch', 'Delta audit']);
    await page.getByRole('columnheader', { name: 'Created' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Created' }).getByRole('button').click();
    await expect(page).toHaveURL('/projects?sort=createdAt&order=desc');
    await expect.poll(() => shownNames(page)).toEqual(['Delta audit', 'Charlie launch', 'alpha webinar', 'Bravo launch']);

    await page.getByLabel('Filter by name').fill('LAUNCH');
    await expect(page).toHaveURL('/projects?q=LAUNCH&sort=createdAt&order=desc');
    await expect.poll(() => shownNames(page)).toEqual(['Charlie launch', 'Bravo launch']);
    await page.getByLabel('Filter by name').fill('nothing like it');
    await expect(page.getByText('No projects found.')).toBeVisible();
    await page.goto('/projects?status=completed');
    await expect.poll(() => shownNames(page)).toEqual(['Delta audit']);
  });

  test("marks overdue projects ('Overdue' badge) unless completed or due today or later", async ({ page }) => {
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'Late one', status: 'in_progress', dueDate: isoDay(-3) });
    await createProjectViaApi(page.request, { name: 'Late but done', status: 'completed', dueDate: isoDay(-3) });
    await createProjectViaApi(page.request, { name: 'Due today', status: 'planning', dueDate: isoDay(0) });
    await page.goto('/projects');
    await expect(row(page, 'Late one').getByText('Overdue', { exact: true })).toBeVisible();
    await expect(row(page, 'Late but done').getByText('Overdue', { exact: true })).toHaveCount(0);
    await expect(row(page, 'Due today').getByText('Overdue', { exact: true })).toHaveCount(0);
  });

  test('the header stays in view under the top bar while 30 projects scroll', async ({ page }) => {
    test.slow();
    await registerAccount(page.request);
    for (let index = 1; index <= 30; index += 1)
      await createProjectViaApi(page.request, { name: `Project ${String(index).padStart(2, '0')}` });
    await page.goto('/projects');
    await expect(row(page, 'Project 30')).toBeVisible({ timeout: 15_000 });
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = page.getByRole('columnheader', { name: 'Name' });
    await expect(header).toBeInViewport();
    const top = (await header.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(63);
    expect(top).toBeLessThanOrEqual(66);
  });

  test('a new project is scrolled into view and briefly highlighted, even with filters that would hide it', async ({ page }) => {
    test.slow();
    await registerAccount(page.request);
    for (let index = 1; index <= 25; index += 1)
      await createProjectViaApi(page.request, { name: `Existing ${String(index).padStart(2, '0')}`, status: 'on_hold' });
    await page.goto('/projects?status=on_hold');
    await page.getByRole('button', { name: 'New Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Project' });
    await create.getByLabel('Name').fill('Brand new project');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(create).toBeHidden();
    await expect(page).toHaveURL('/projects');
    const added = row(page, 'Brand new project');
    await expect(added).toBeInViewport();
    await expect(added).toHaveClass(/bg-brand-10/);
    await expect(added).not.toHaveClass(/bg-brand-10/, { timeout: 5000 });
  });
});
