import { pathOf } from '@shared/contract/endpoint';
import * as projectEndpoints from '@shared/contract/projects';
import type { ProjectResponse } from '@shared/schemas/projects';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectQueries } from '../api/projects';
import { type ProjectPage, projectRowsChanged } from './project-rows';

const LIST = pathOf(projectEndpoints.list, {});
const project = (id: string, overrides: Partial<ProjectResponse> = {}): ProjectResponse => ({
  id,
  name: `Project ${id}`,
  description: null,
  status: 'planning',
  dueDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const pages = (...ids: string[][]): InfiniteData<ProjectPage, string | undefined> => ({
  pages: ids.map((items, index) => ({
    items: items.map((id) => project(id)),
    next: index < ids.length - 1 ? `${LIST}?cursor=${index + 1}` : undefined,
  })),
  pageParams: ids.map((_, index) => (index === 0 ? undefined : `${LIST}?cursor=${index}`)),
});
const answer = (ids: string[], next?: string) =>
  new Response(JSON.stringify(ids.map((id) => project(id))), {
    status: 200,
    headers: { ...(next ? { link: `<${next}>; rel="next"` } : {}), 'x-total-count': '5' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the projects list, page after page', () => {
  it('asks for its filters and order, then follows each Link rel="next" to the following page', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(['e', 'd'], `${LIST}?sort=name&order=desc&cursor=1`))
      .mockResolvedValueOnce(answer(['c', 'b'], `${LIST}?sort=name&order=desc&cursor=2`))
      .mockResolvedValueOnce(answer(['a']));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    const data = await queryClient.fetchInfiniteQuery({ ...projectQueries.list({ sort: 'name', order: 'desc' }), pages: 3 });
    expect(data.pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(data.pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      `${LIST}?sort=name&order=desc`,
      `${LIST}?sort=name&order=desc&cursor=1`,
      `${LIST}?sort=name&order=desc&cursor=2`,
    ]);
  });
});

describe('projectRowsChanged', () => {
  const seeded = () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const byCreation = projectQueries.list({}).queryKey;
    const byName = projectQueries.list({ sort: 'name' }).queryKey;
    const mine = projectQueries.list({ member: 'me' }).queryKey;
    queryClient.setQueryData(byCreation, pages(['a', 'b'], ['c', 'd']));
    queryClient.setQueryData(byName, pages(['d', 'c'], ['b', 'a']));
    queryClient.setQueryData(mine, pages(['c']));
    queryClient.setQueryData(projectQueries.search('project').queryKey, [project('c'), project('a')]);
    queryClient.setQueryData(projectQueries.detail('c').queryKey, { ...project('c'), members: [] });
    return { queryClient, byCreation, byName, mine };
  };
  const rows = (data: InfiniteData<ProjectPage, unknown> | undefined) =>
    data?.pages.map((page) => page.items.map((item) => `${item.id}:${item.status}`));

  it("replaces the changed project's row in every loaded page of every list and in the palette, reading none of them again", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, byCreation, byName } = seeded();
    const untouchedPage = queryClient.getQueryData(byCreation)!.pages[0];

    await projectRowsChanged(queryClient, { project: project('c', { status: 'completed' }) });

    expect(rows(queryClient.getQueryData(byCreation))).toEqual([
      ['a:planning', 'b:planning'],
      ['c:completed', 'd:planning'],
    ]);
    expect(rows(queryClient.getQueryData(byName))).toEqual([
      ['d:planning', 'c:completed'],
      ['b:planning', 'a:planning'],
    ]);
    expect(queryClient.getQueryData(projectQueries.search('project').queryKey)?.map((item) => item.status)).toEqual([
      'completed',
      'planning',
    ]);
    // A page without the project is the same object: nothing on it is drawn again.
    expect(queryClient.getQueryData(byCreation)!.pages[0]).toBe(untouchedPage);
    expect(queryClient.getQueryState(byCreation)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(byName)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(projectQueries.search('project').queryKey)?.isInvalidated).toBe(false);
    // What shows the project otherwise (its detail, the dashboard) is read again when next shown.
    expect(queryClient.getQueryState(projectQueries.detail('c').queryKey)?.isInvalidated).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'my projects' lists again after a members change, and no other list", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { queryClient, byCreation, mine } = seeded();
    await projectRowsChanged(queryClient, { membersChanged: true });
    expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(byCreation)?.isInvalidated).toBe(false);
    expect(rows(queryClient.getQueryData(byCreation))).toEqual([
      ['a:planning', 'b:planning'],
      ['c:planning', 'd:planning'],
    ]);
  });
});
