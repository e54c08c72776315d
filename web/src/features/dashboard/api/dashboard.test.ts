import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { whileFiguresSettle } from './dashboard';

describe('the dashboard while its figures settle', () => {
  it('is not read again on a timer when this tab has changed nothing', () => {
    expect(whileFiguresSettle(new QueryClient())).toBe(false);
  });

  it('is read again every second for ten seconds after a change, as the stream counts it after the write', async () => {
    const queryClient = new QueryClient();
    const change = queryClient.getMutationCache().build(queryClient, { mutationFn: async () => 'saved' });
    await change.execute(undefined);
    const at = change.state.submittedAt;
    expect(whileFiguresSettle(queryClient, at + 500)).toBe(1_000);
    expect(whileFiguresSettle(queryClient, at + 9_900)).toBe(1_000);
    expect(whileFiguresSettle(queryClient, at + 10_000)).toBe(false);
  });
});
