import * as authEndpoints from '@shared/contract/auth';
import { pathOf } from '@shared/contract/endpoint';
import * as projectEndpoints from '@shared/contract/projects';
import { SESSION_HINT_COOKIE } from '@shared/session-hint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectQueries } from '../features/projects/api/projects';
import { userQueries } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { requestFirstScreenData } from './first-screen-data';

const USER = pathOf(authEndpoints.currentUser, {});
const LIST = pathOf(projectEndpoints.list, {});
const user = {
  id: 'u1',
  username: 'ada@example.com',
  fullName: 'Ada',
  avatarUrl: null,
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  roles: [],
};
const answer = (path: string) =>
  new Response(
    JSON.stringify(
      path.startsWith(LIST)
        ? [
            {
              id: 'p1',
              name: 'Spring launch',
              description: null,
              status: 'planning',
              dueDate: null,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ]
        : user,
    ),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );

// jsdom keeps no `__Host-` cookie on http://localhost: the browser's cookies are what it reads.
const signIn = () => vi.spyOn(document, 'cookie', 'get').mockReturnValue(`${SESSION_HINT_COOKIE}=1`);
const signOut = () => vi.restoreAllMocks();

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the first screen of /projects', () => {
  it('asks for the user and for the list the address names at once, before the page has loaded, into the app query client', async () => {
    signIn();
    const fetchMock = vi.fn(async (path: string) => answer(path));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    requestFirstScreenData(queryClient, { pathname: '/projects', search: '?status=planning&sort=dueDate&order=desc&q=spring' });
    const listKey = projectQueries.list({ status: 'planning', q: 'spring', sort: 'dueDate', order: 'desc' }).queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryState(listKey)?.status).toBe('success'), { timeout: 15_000 });
    await vi.waitFor(() => expect(queryClient.getQueryData(userQueries.current().queryKey)).toMatchObject({ id: 'u1' }), {
      timeout: 15_000,
    });
    const paths = fetchMock.mock.calls.map(([path]) => path);
    expect(paths).toHaveLength(2);
    expect(paths).toContain(USER);
    expect(paths.find((path) => path.startsWith(LIST))).toMatch(/status=planning/);
  });

  it('asks nothing of a browser without a session, and only for the user on other pages', async () => {
    const fetchMock = vi.fn(async (path: string) => answer(path));
    vi.stubGlobal('fetch', fetchMock);
    requestFirstScreenData(createQueryClient(), { pathname: '/projects', search: '' });
    signIn();
    requestFirstScreenData(createQueryClient(), { pathname: '/dashboard', search: '' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([USER]);
  });
});
