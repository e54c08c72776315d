import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateProject } from './projects';

const created = (name: string) =>
  new Response(JSON.stringify({ id: '01JD0000000000000000000000', name, description: null, status: 'planning', dueDate: null, createdAt: '2026-01-01T00:00:00.000Z' }), { status: 201 });

function renderCreate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCreateProject(), { wrapper }).result;
}

/** The Idempotency-Key of each POST /api/projects the hook sent. */
const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method === 'POST').map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);

describe('creating a project sends one Idempotency-Key per submit', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the same key again when the same submit is retried after a network error, and a new one after the success', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(created('Launch')).mockResolvedValueOnce(created('Launch'));
    const mutation = renderCreate();
    const submit = () => mutation.current.mutateAsync({ project: { name: 'Launch' }, memberIds: [] });
    await expect(submit()).rejects.toThrow('Failed to fetch');
    await expect(submit()).resolves.toMatchObject({ name: 'Launch' });
    await submit();
    const [first, retry, next] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('sends a new key when the values changed since the failed submit', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(created('Launch 2'));
    const mutation = renderCreate();
    await expect(mutation.current.mutateAsync({ project: { name: 'Launch' }, memberIds: [] })).rejects.toThrow();
    await mutation.current.mutateAsync({ project: { name: 'Launch 2' }, memberIds: [] });
    const [first, second] = keysSent(fetchMock);
    expect(second).not.toBe(first);
  });

  it('waits and sends the same key again while the server says the first request with it is still running (a double click)', async () => {
    vi.useFakeTimers();
    try {
      const inFlight = new Response(JSON.stringify({ message: 'still in progress' }), { status: 409, headers: { 'retry-after': '1' } });
      fetchMock.mockResolvedValueOnce(inFlight).mockResolvedValueOnce(created('Launch'));
      const mutation = renderCreate();
      const answer = mutation.current.mutateAsync({ project: { name: 'Launch' }, memberIds: [] });
      await vi.advanceTimersByTimeAsync(1000);
      await expect(answer).resolves.toMatchObject({ name: 'Launch' });
      const [first, again] = keysSent(fetchMock);
      expect(again).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry any other 409', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Conflict' }), { status: 409 }));
    const mutation = renderCreate();
    await expect(mutation.current.mutateAsync({ project: { name: 'Launch' }, memberIds: [] })).rejects.toThrow('409: Conflict');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
