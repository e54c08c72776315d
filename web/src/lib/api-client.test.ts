import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '@shared/contract/endpoint';
import * as projectEndpoints from '@shared/contract/projects';
import { ApiError, callAllPages, nextLinkOf } from './api-client';

const project = (id: string) => ({ id, name: `Project ${id}`, description: null, status: 'planning', dueDate: null, createdAt: '2026-01-01T00:00:00.000Z' });
const page = (ids: string[], next?: string) =>
  new Response(JSON.stringify(ids.map(project)), { status: 200, headers: next ? { link: `<${next}>; rel="next"` } : {} });

const LIST = pathOf(projectEndpoints.list, {});

afterEach(() => vi.unstubAllGlobals());

describe('callAllPages', () => {
  it('follows Link rel="next" until the last page and joins the pages in order', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(page(['a', 'b'], `${LIST}?cursor=one`)).mockResolvedValueOnce(page(['c']));
    vi.stubGlobal('fetch', fetchMock);
    const projects = await callAllPages(projectEndpoints.list);
    expect(projects.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([LIST, `${LIST}?cursor=one`]);
  });

  it('fails with the API error of a page that fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(page(['a'], `${LIST}?cursor=x`)).mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid cursor' }), { status: 400 })));
    await expect(callAllPages(projectEndpoints.list)).rejects.toEqual(new ApiError(400, '400: Invalid cursor'));
  });
});

describe('nextLinkOf', () => {
  it('reads the next target among other relations, and nothing without one', () => {
    expect(nextLinkOf(new Headers({ link: '</items?cursor=a>; rel="prev", </items?cursor=b>; rel="next"' }))).toBe('/items?cursor=b');
    expect(nextLinkOf(new Headers({ link: '</items?cursor=a>; rel="prev"' }))).toBeUndefined();
    expect(nextLinkOf(new Headers())).toBeUndefined();
  });
});
