import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFirstFrameSlice } from './use-first-frame-slice';

const rows = (length: number) => Array.from({ length }, (_, index) => `project ${index}`);

describe('a long list drawn first frame first (issue 36: first rows)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws the first screen of a long list on its first frame, then every row from the next', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'performance'] });
    const { result } = renderHook(() => useFirstFrameSlice(rows(100), 20));
    expect(result.current.shown).toEqual(rows(20));
    expect(result.current.complete).toBe(false);
    await act(async () => {
      await vi.advanceTimersToNextFrame();
    });
    expect(result.current.shown).toEqual(rows(100));
    expect(result.current.complete).toBe(true);
  });

  it('draws a list no longer than a screen whole from the start', () => {
    const { result } = renderHook(() => useFirstFrameSlice(rows(20), 20));
    expect(result.current).toEqual({ shown: rows(20), complete: true });
  });

  it('after the first frame a changed list is drawn whole at once: rows never lag the data', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'performance'] });
    const { result, rerender } = renderHook(({ items }) => useFirstFrameSlice(items, 20), { initialProps: { items: rows(100) } });
    await act(async () => {
      await vi.advanceTimersToNextFrame();
    });
    rerender({ items: rows(200) });
    expect(result.current.shown).toEqual(rows(200));
  });
});
