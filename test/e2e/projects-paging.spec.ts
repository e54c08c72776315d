import type { Page, Request } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { CreateProjectRequest } from '../../shared/schemas/projects';
import { seedBigOrganization } from './support/big-organization';
import { expect, signIn, test } from './support/fixtures';
import { createProjectViaApi, openProjectSearch } from './support/projects';
import { toasts } from './support/toasts';

/** Two pages of the list (100 a page): 'Paged 001' … 'Paged 150', created in that order. */
const COUNT = 150;
const nameOf = (index: number) => `Paged ${String(index).padStart(3, '0')}`;
const ALL_NAMES = Array.from({ length: COUNT }, (_, index) => nameOf(index + 1));

/**
 * A new organization of the 150 projects, written straight into the table as their creates through
 * the API would have left them (infra/local/seed.ts: items, word items, counters), signed in as its
 * admin: 150 creates and their stream fan-out a test were minutes of a busy machine.
 */
async function seedProjects(page: Page, dataOf: (index: number) => Partial<CreateProjectRequest> = () => ({})) {
  const org = await seedBigOrganization({
    projects: COUNT,
    membersPerProject: 0,
    staff: 0,
    notificationsPerUser: 0,
    // What a create of the name alone stores, but for what the test sets.
    projectOf: (index) => ({
      name: nameOf(index + 1),
      description: null,
      status: 'planning',
      dueDate: null,
      ...dataOf(index + 1),
    }),
  });
  await signIn(page.request, org.admin.email, org.password);
}

/** 150 rows on a busy two-core machine: a limit, not a timing. */
const LONG = { timeout: 30_000 };
const tableNames = (page: Page) => page.getByRole('table').getByRole('row').getByRole('link').allTextContents();
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const listRequests = (page: Page) => {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/projects') seen.push(url);
  });
  return seen;
};

test.describe('Projects list, page after page from the server', () => {
  // Seeding 150 projects straight into the table takes seconds on a busy machine: a limit, not a timing.
  test.describe.configure({ timeout: 90_000 });

  test("'Load more' reads the next page until the last project, each project shown exactly once", async ({ page }) => {
    // Without an IntersectionObserver the list loads only when asked: the button alone is tried here.
    await page.addInitScript(() => Object.defineProperty(window, 'IntersectionObserver', { value: undefined }));
    await seedProjects(page);
    await page.goto('/projects');
    // More than a page: the server sends no count it cannot make exact (decision 062), so the list says what it has.
    await expect(page.getByRole('status').filter({ hasText: '100+ projects' })).toBeVisible(LONG);
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(100);

    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.click();
    await expect(loadMore).toBeHidden(LONG);
    await expect(page.getByRole('status').filter({ hasText: `${COUNT} projects` })).toBeVisible();
    const names = await tableNames(page);
    expect(names).toHaveLength(COUNT);
    expect([...names].sort()).toEqual(ALL_NAMES);
    await expect(row(page, nameOf(COUNT))).toBeVisible();
  });

  test('scrolling to the end loads the next pages by itself, each project shown exactly once', async ({ page }) => {
    await seedProjects(page);
    await page.goto('/projects');
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(100);
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return (await tableNames(page)).length;
      }, LONG)
      .toBe(COUNT);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    const names = await tableNames(page);
    expect([...names].sort()).toEqual(ALL_NAMES);
    // The last End may have been pressed before the last page was drawn below it, or while the list
    // still grew under it: the user presses it again until the last project is on screen.
    const last = row(page, nameOf(COUNT));
    await page.mouse.move(640, 400);
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        // And scrolls down, as a user whose End went to an element that left the page would.
        await page.mouse.wheel(0, 20_000);
        const box = await last.boundingBox();
        const height = page.viewportSize()?.height ?? 0;
        return box !== null && box.y >= 0 && box.y + box.height <= height;
      }, LONG)
      .toBe(true);
  });

  test('sort and filters are asked of the server, over every page, and kept in the URL', async ({ page }) => {
    const pastDue = format(addDays(new Date(), -3), 'yyyy-MM-dd');
    // Every tenth project on hold; every twentieth overdue too.
    await seedProjects(page, (index) =>
      index % 10 === 0 ? { status: 'on_hold', dueDate: index % 20 === 0 ? pastDue : null } : {},
    );
    const requests = listRequests(page);

    await page.goto('/projects');
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(100);
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(page).toHaveURL('/projects?sort=name');
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(page).toHaveURL('/projects?sort=name&order=desc');
    // The last project created is on the second page in creation order: it is first only if the server sorted them all.
    await expect.poll(async () => (await tableNames(page)).slice(0, 2), LONG).toEqual([nameOf(150), nameOf(149)]);
    expect(requests.map((url) => url.search)).toContain('?sort=name&order=desc');

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'On Hold' }).click();
    await expect(page).toHaveURL('/projects?status=on_hold&sort=name&order=desc');
    await expect.poll(async () => (await tableNames(page)).slice(0, 3), LONG).toEqual([nameOf(150), nameOf(140), nameOf(130)]);
    // The 15 are one page, counted; the organization's 150 are not (two pages), so no 'of'.
    await expect(page.getByRole('status').filter({ hasText: /^15 projects$/ })).toBeVisible();
    expect(requests.map((url) => url.search)).toContain('?status=on_hold&sort=name&order=desc');

    await page.getByLabel('Overdue only').click();
    await expect(page).toHaveURL('/projects?status=on_hold&overdue=true&sort=name&order=desc');
    await expect.poll(() => tableNames(page), LONG).toEqual(Array.from({ length: 7 }, (_, index) => nameOf(140 - index * 20)));
    expect(requests.map((url) => url.search)).toContain('?status=on_hold&overdue=true&sort=name&order=desc');

    // A reload (or a shared link) asks the same of the server and shows the same list.
    await page.reload();
    await expect(page.getByLabel('Overdue only')).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('On Hold');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(7);

    // Nobody was made a member of these projects: 'My projects' has none.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('My projects').click();
    await expect(page).toHaveURL('/projects?member=me&sort=name&order=desc');
    await expect(page.getByText('No projects found.')).toBeVisible(LONG);
    expect(requests.map((url) => url.search)).toContain('?member=me&sort=name&order=desc');
  });

  test('Cmd/Ctrl+K finds a project that is not on the first page of the list, asking the server', async ({ page }) => {
    await seedProjects(page);
    const hidden = await createProjectViaApi(page.request, { name: 'Zephyr needle', status: 'on_hold' });
    const requests = listRequests(page);
    await page.goto('/projects');
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(100);
    await expect(page.getByRole('link', { name: 'Zephyr needle' })).toHaveCount(0);

    await openProjectSearch(page);
    const search = page.getByRole('dialog', { name: 'Search projects' });
    await search.getByPlaceholder('Search projects by name...').fill('NEEDLE');
    const options = search.getByRole('option');
    await expect(options).toHaveText(['Zephyr needleOn Hold'], LONG);
    expect(requests.some((url) => url.searchParams.get('q') === 'NEEDLE' && url.searchParams.get('limit') === '20')).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/projects/${hidden.id}`);
  });

  test('a status change on the second page updates its row without reading the pages again', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(window, 'IntersectionObserver', { value: undefined }));
    await seedProjects(page);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(async () => (await tableNames(page)).length, LONG).toBe(COUNT);
    const requests = listRequests(page);

    const status = row(page, nameOf(130)).getByRole('combobox', { name: `Status of ${nameOf(130)}` });
    await status.click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(toasts(page)).toContainText('Status updated');
    await expect(status).toHaveText('Completed');
    expect(requests).toEqual([]);
    expect(await tableNames(page)).toHaveLength(COUNT);

    // The server has it: the list read anew shows it too.
    await page.reload();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(row(page, nameOf(130)).getByRole('combobox', { name: `Status of ${nameOf(130)}` })).toHaveText('Completed');
  });
});
