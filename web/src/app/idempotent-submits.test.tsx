import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInviteUser } from '../features/organization/api/organization-invitations';
import { useSaveUser } from '../features/organization/api/organization-users';
import { useCreateProject } from '../features/projects/api/projects';

// The create project dialog, add user and invite: each submit goes with one Idempotency-Key (docs/decisions/033).

const project = {
  id: '01JD0000000000000000000000',
  name: 'Launch',
  description: null,
  status: 'planning',
  dueDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const user = { id: 'u1', username: 'nia@example.com', fullName: 'Nia', avatarUrl: null, currentRole: { role: 'staff' } };
const invitation = {
  id: '01JD0000000000000000000000',
  email: 'nia@example.com',
  role: 'staff',
  status: 'pending',
  invitedBy: { id: 'u0', fullName: 'Ada' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-08T00:00:00.000Z',
};

type Submit = (values: never) => Promise<unknown>;
const submits = [
  ['creating a project', () => useCreateProject(), { project: { name: 'Launch' }, memberIds: [] }, project],
  [
    'adding a user',
    () => useSaveUser(),
    { username: 'nia@example.com', fullName: 'Nia', role: 'staff', password: 'a-fine-password' },
    user,
  ],
  ['inviting a user', () => useInviteUser(), { email: 'nia@example.com', role: 'staff' }, invitation],
] as const;

function renderSubmit(useHook: () => { mutateAsync: unknown }): (values: unknown) => Promise<unknown> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const result = renderHook(useHook, { wrapper }).result;
  return (values) => (result.current.mutateAsync as Submit)(values as never);
}

const fetchMock = vi.fn<typeof fetch>();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
/** The Idempotency-Key of each POST sent. */
const keysSent = () => posts().map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
const created = (body: unknown) => new Response(JSON.stringify(body), { status: 201 });
/** Answers a POST as the queue says (a Response, or an Error to fail the fetch); other requests (refetches) get an empty list. */
function answerPosts(...queue: (Response | Error)[]) {
  fetchMock.mockImplementation(async (_path, init) => {
    if (init?.method !== 'POST') return new Response('[]');
    const next = queue.shift();
    if (!next) throw new Error('no answer left');
    if (next instanceof Error) throw next;
    return next;
  });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe.each(submits)('%s', (_, useHook, values, answer) => {
  it('sends the same key again when the same submit is retried after a network error, and a new one after the success', async () => {
    answerPosts(new TypeError('Failed to fetch'), created(answer), created(answer));
    const submit = renderSubmit(useHook);
    await expect(submit(values)).rejects.toThrow('Failed to fetch');
    await submit(values);
    await submit(values);
    const [first, retry, next] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });
});

describe('one key per submit', () => {
  it('sends a new key when the values changed since the failed submit', async () => {
    answerPosts(new TypeError('Failed to fetch'), created(project));
    const submit = renderSubmit(useCreateProject);
    await expect(submit({ project: { name: 'Launch' }, memberIds: [] })).rejects.toThrow();
    await submit({ project: { name: 'Launch 2' }, memberIds: [] });
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
  });

  it('waits and sends the same key again while the server says the first request with it is still running (a double click)', async () => {
    vi.useFakeTimers();
    try {
      answerPosts(
        new Response(JSON.stringify({ message: 'still in progress' }), { status: 409, headers: { 'retry-after': '1' } }),
        created(project),
      );
      const answered = renderSubmit(useCreateProject)({ project: { name: 'Launch' }, memberIds: [] });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(answered).resolves.toMatchObject({ name: 'Launch' });
      const [first, again] = keysSent();
      expect(again).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not send again on any other 409', async () => {
    answerPosts(new Response(JSON.stringify({ message: 'Conflict' }), { status: 409 }));
    await expect(renderSubmit(useCreateProject)({ project: { name: 'Launch' }, memberIds: [] })).rejects.toThrow('409: Conflict');
    expect(posts()).toHaveLength(1);
  });
});
