import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

afterEach(() => vi.useRealTimers());

describe('the query client', () => {
  it('reads the dashboard again 2 and 5 seconds after a change, when the stream has counted its figures', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const reads = vi.fn(async () => ({ counts: reads.mock.calls.length }));
    // Subscribed: the dashboard is on screen.
    const unsubscribe = new QueryObserver(queryClient, {
      queryKey: [...queryKeys.dashboard, 'summary'],
      queryFn: reads,
    }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveBeenCalledTimes(1);

    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'status changed' })
      .execute(undefined);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(reads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(reads).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('has no refetch interval, no refetch on focus, never-stale data and no retries (spec section 7)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
