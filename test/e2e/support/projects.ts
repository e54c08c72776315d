import type { APIRequestContext, Page } from '@playwright/test';
import { expect, uniqueEmail } from './fixtures';

export interface SeededProject {
  id: string;
  name: string;
  description: string | null;
  status: string;
  dueDate: string | null;
  createdAt: string;
}

/** Creates a project through the API as the signed-in user of `request`. */
export async function createProjectViaApi(request: APIRequestContext, data: Record<string, unknown>): Promise<SeededProject> {
  const response = await request.post('/api/projects', { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Adds a staff user to the signed-in admin's organization; answers their id, email and name. */
export async function addColleague(request: APIRequestContext, fullName: string) {
  const email = uniqueEmail('colleague');
  const added = await request.post('/api/organization/users', {
    data: { username: email, fullName, password: 'colleague-password', role: 'staff' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const users = (await (await request.get('/api/organization-users')).json()) as { id: string; username: string }[];
  return { id: users.find((user) => user.username === email)!.id, email, fullName, password: 'colleague-password' };
}

export async function projectDetailViaApi(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/projects/${id}`);
  return {
    status: response.status(),
    body: (await response.json()) as SeededProject & { members: { id: string; fullName: string }[] },
  };
}

export const failWith500 = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ message: 'Internal server error' }),
};

/**
 * Presses Ctrl+K until the project search is open: a press made before the
 * app has hydrated reaches no listener, and pressing again while open closes it.
 */
export async function openProjectSearch(page: Page) {
  const search = page.getByRole('dialog', { name: 'Search projects' });
  await expect(async () => {
    if (!(await search.isVisible())) await page.keyboard.press('Control+k');
    await expect(search).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return search;
}
