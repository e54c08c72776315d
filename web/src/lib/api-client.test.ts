import * as authEndpoints from '@shared/contract/auth';
import { pathOf } from '@shared/contract/endpoint';
import * as projectEndpoints from '@shared/contract/projects';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, callPage, nextLinkOf } from './api-client';
import { whenSessionEnds } from './session-ended';

const project = (id: string) => ({
  id,
  name: `Project ${id}`,
  description: null,
  status: 'planning',
  dueDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (ids: string[], next?: string, total?: string) =>
  new Response(JSON.stringify(ids.map(project)), {
    status: 200,
    headers: { ...(next ? { link: `<${next}>; rel="next"` } : {}), ...(total ? { 'x-total-count': total } : {}) },
  });

const LIST = pathOf(projectEndpoints.list, {});

afterEach(() => vi.unstubAllGlobals());

describe('callPage', () => {
  it('asks the first page with the query, then the page the Link header names, with X-Total-Count when sent', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(page(['a', 'b'], `${LIST}?sort=name&cursor=one`, '3'))
      .mockResolvedValueOnce(page(['c']));
    vi.stubGlobal('fetch', fetchMock);
    const first = await callPage(projectEndpoints.list, { query: { sort: 'name', status: undefined } });
    expect(first).toMatchObject({ next: `${LIST}?sort=name&cursor=one`, total: 3 });
    expect(first.items.map((project) => project.id)).toEqual(['a', 'b']);
    const last = await callPage(projectEndpoints.list, { query: { sort: 'name' }, next: first.next });
    expect(last).toMatchObject({ next: undefined, total: undefined });
    expect(last.items.map((project) => project.id)).toEqual(['c']);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([`${LIST}?sort=name`, `${LIST}?sort=name&cursor=one`]);
  });

  it('passes the signal that cancels the request', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(page(['a']));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await callPage(projectEndpoints.list, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ signal: controller.signal });
  });

  it('fails with the API error of a page that fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid cursor' }), { status: 400 })),
    );
    await expect(callPage(projectEndpoints.list, { next: `${LIST}?cursor=x` })).rejects.toEqual(
      new ApiError(400, '400: Invalid cursor'),
    );
  });
});

describe('nextLinkOf', () => {
  it('reads the next target among other relations, and nothing without one', () => {
    expect(nextLinkOf(new Headers({ link: '</items?cursor=a>; rel="prev", </items?cursor=b>; rel="next"' }))).toBe(
      '/items?cursor=b',
    );
    expect(nextLinkOf(new Headers({ link: '</items?cursor=a>; rel="prev"' }))).toBeUndefined();
    expect(nextLinkOf(new Headers())).toBeUndefined();
  });
});

describe('a 401', () => {
  const notAuthenticated = () => new Response(JSON.stringify({ message: 'Not authenticated' }), { status: 401 });
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ]);

  it('on a route that requires a session: the session ended, the app is told once per request and the request never settles (no error state, no toast)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => notAuthenticated()),
    );
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    try {
      expect(await settled(call(projectEndpoints.detail, { params: { id: 'p1' } }))).toBe('pending');
      expect(await settled(callPage(projectEndpoints.list, {}))).toBe('pending');
      expect(ended).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('that comes before the app listens (a first screen asked early) is told to the app once it listens, and only once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => notAuthenticated()),
    );
    expect(await settled(callPage(projectEndpoints.list, {}))).toBe('pending');
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    stop();
    const again = whenSessionEnds(ended);
    try {
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      again();
    }
  });

  it('is an answer where no session is required (a failed sign-in) or where the call asks whether anyone is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => notAuthenticated()),
    );
    const ended = vi.fn();
    const stop = whenSessionEnds(ended);
    try {
      await expect(
        call(authEndpoints.login, { body: { username: 'ada@example.com', password: 'wrong-password' } }),
      ).rejects.toThrow(new ApiError(401, '401: Not authenticated'));
      await expect(call(authEndpoints.currentUser, { signedOutIsAnAnswer: true })).rejects.toBeInstanceOf(ApiError);
      expect(ended).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
