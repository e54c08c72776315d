import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInviteUser } from './organization-invitations';
import { useSaveUser } from './organization-users';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>{children}</QueryClientProvider>
);

const userAnswer = { id: 'u1', username: 'nia@example.com', fullName: 'Nia', avatarUrl: null, currentRole: { role: 'staff' } };
const invitationAnswer = {
  id: '01JD0000000000000000000000',
  email: 'nia@example.com',
  role: 'staff',
  status: 'pending',
  invitedBy: { id: 'u0', fullName: 'Ada' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-08T00:00:00.000Z',
};

const cases = [
  ['adding a user', () => useSaveUser(), { username: 'nia@example.com', fullName: 'Nia', role: 'staff' as const, password: 'a-fine-password' }, userAnswer],
  ['inviting a user', () => useInviteUser(), { email: 'nia@example.com', role: 'staff' as const }, invitationAnswer],
] as const;

describe.each(cases)('%s sends one Idempotency-Key per submit', (_, useHook, body, answer) => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('reuses the key when the same submit is sent again after a failure', async () => {
    fetchMock.mockImplementation(async (_path, init) =>
      fetchMock.mock.calls.length === 1 ? Promise.reject(new TypeError('Failed to fetch')) : (init as RequestInit).method === 'POST' ? new Response(JSON.stringify(answer), { status: 201 }) : new Response('[]'),
    );
    const mutation = renderHook(useHook as () => { mutateAsync: (value: typeof body) => Promise<unknown> }, { wrapper }).result;
    await expect(mutation.current.mutateAsync(body)).rejects.toThrow('Failed to fetch');
    await mutation.current.mutateAsync(body);
    const sent = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method === 'POST').map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
  });
});
